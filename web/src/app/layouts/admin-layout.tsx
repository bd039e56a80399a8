import { AppShell, Box, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Outlet, useNavigate } from "react-router-dom";
import { useWalletConnector } from "@/chain/use-wallet-connector";
import { useSafeInfo } from "@/chain/safe/safe-api";
import { ADMIN_SIDEBAR, routes, SAFE_MODE_ONLY } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { Alert } from "@/shared/ui/alert";
import { PageTitleProvider } from "@/shared/ui/page-title";
import { AdminSearch } from "./admin-search";
import { LogoutButton } from "./logout-button";
import { FrameHeader } from "./frame-header";
import { HEADER_HEIGHT, NAVBAR_WIDTH } from "./frame-metrics";
import { useFrameTransitionMs } from "./frame-motion";
import { FrameNav } from "./frame-nav";

export const NON_XINFIN_BROWSER = "Non-Xinfin browser detected. You should consider trying XDCpay";

/** The admin frame: admin sidebar (a burger menu on small screens) and header. */
export function AdminLayout() {
  const { logOut } = useSession();
  const navigate = useNavigate();
  const connector = useWalletConnector();
  const [opened, { toggle, close }] = useDisclosure(false);
  const transitionDuration = useFrameTransitionMs();
  const safeMode = useSafeInfo()?.enabled === true;
  const sidebar = safeMode ? ADMIN_SIDEBAR : ADMIN_SIDEBAR.filter((item) => !SAFE_MODE_ONLY.includes(item.route));
  const logout = () => {
    logOut();
    navigate(routes.adminLogin.href(), { replace: true });
  };
  return (
    <PageTitleProvider>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: NAVBAR_WIDTH, breakpoint: "sm", collapsed: { mobile: !opened } }}
        padding={{ base: "sm", sm: "lg" }}
        transitionDuration={transitionDuration}
      >
        <AppShell.Header>
          <FrameHeader
            home={routes.adminDashboard.href()}
            navOpened={opened}
            onToggleNav={toggle}
            actions={
              <Group gap="xs" wrap="nowrap">
                <AdminSearch />
                <LogoutButton onLogout={logout} />
              </Group>
            }
          />
        </AppShell.Header>
        <AppShell.Navbar p="md" aria-label="Admin menu">
          <FrameNav caption="Admin console" home="adminDashboard" items={sidebar} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          {connector ? null : (
            <Box mb="md">
              <Alert tone="warning" title={NON_XINFIN_BROWSER} />
            </Box>
          )}
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </PageTitleProvider>
  );
}
