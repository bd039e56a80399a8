import { ActionIcon, AppShell, Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout } from "@tabler/icons-react";
import { Outlet, useNavigate } from "react-router-dom";
import { useWalletConnector } from "@/chain/use-wallet-connector";
import { ADMIN_SIDEBAR, routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { Alert } from "@/shared/ui/alert";
import { PageTitleProvider } from "@/shared/ui/page-title";
import { FrameHeader } from "./frame-header";
import { HEADER_HEIGHT, NAVBAR_WIDTH } from "./frame-metrics";
import { FrameNav } from "./frame-nav";

export const NON_XINFIN_BROWSER = "Non-Xinfin browser detected. You should consider trying XDCpay";

/** The admin frame: admin sidebar (a burger menu on small screens) and header. */
export function AdminLayout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const connector = useWalletConnector();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = () => {
    signOut();
    navigate(routes.adminLogin.href(), { replace: true });
  };
  return (
    <PageTitleProvider>
      <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: NAVBAR_WIDTH, breakpoint: "sm", collapsed: { mobile: !opened } }} padding={{ base: "sm", sm: "lg" }}>
        <AppShell.Header>
          <FrameHeader
            navOpened={opened}
            onToggleNav={toggle}
            actions={
              <>
                <Button variant="light" color="red" size="sm" onClick={logout} leftSection={<IconLogout size={16} />} visibleFrom="sm">
                  Logout
                </Button>
                <ActionIcon variant="light" color="red" size="lg" onClick={logout} hiddenFrom="sm" aria-label="Logout">
                  <IconLogout size={18} />
                </ActionIcon>
              </>
            }
          />
        </AppShell.Header>
        <AppShell.Navbar p="md" aria-label="Admin menu">
          <FrameNav brand="PLI Admin Console" home="adminDashboard" items={ADMIN_SIDEBAR} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          {!connector && (
            <div style={{ marginBottom: "var(--mantine-spacing-md)" }}>
              <Alert tone="warning" title={NON_XINFIN_BROWSER} />
            </div>
          )}
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </PageTitleProvider>
  );
}
