import { AppShell, Divider } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Outlet, useNavigate } from "react-router-dom";
import { NotificationBell } from "@/features/notification/components/notification-bell";
import { routes, OPERATOR_SIDEBAR } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { PageTitleProvider } from "@/shared/ui/page-title";
import { LogoutButton } from "./logout-button";
import { FrameHeader } from "./frame-header";
import { HEADER_HEIGHT, MOBILE_NAV_HEIGHT, NAVBAR_WIDTH, PHONE_QUERY } from "./frame-metrics";
import { useFrameTransitionMs } from "./frame-motion";
import { FrameNav } from "./frame-nav";
import { MobileNav } from "./mobile-nav";
import { OperatorWallet } from "./operator-wallet";
import { SubmitTicketButton } from "./submit-ticket-button";

/** The operator frame: sidebar with balances (a burger menu on small screens), header, mobile bottom navigation. */
export function OperatorLayout() {
  const { wallet, logOut } = useSession();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const transitionDuration = useFrameTransitionMs();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const logout = () => {
    logOut();
    navigate(routes.home.href(), { replace: true });
  };
  return (
    <PageTitleProvider>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: NAVBAR_WIDTH, breakpoint: "sm", collapsed: { mobile: !opened } }}
        footer={{ height: MOBILE_NAV_HEIGHT, collapsed: !phone }}
        padding={{ base: "sm", sm: "lg" }}
        transitionDuration={transitionDuration}
      >
        <AppShell.Header>
          <FrameHeader
            home={routes.dashboard.href()}
            navOpened={opened}
            onToggleNav={toggle}
            actions={
              <>
                <NotificationBell />
                <SubmitTicketButton />
                <LogoutButton onLogout={logout} />
              </>
            }
          />
        </AppShell.Header>
        <AppShell.Navbar p="md" aria-label="Operator menu">
          <AppShell.Section grow>
            <FrameNav home="dashboard" items={OPERATOR_SIDEBAR} onNavigate={close} />
          </AppShell.Section>
          <AppShell.Section>
            <Divider mb="md" />
            {wallet ? <OperatorWallet wallet={wallet} onNavigate={close} /> : null}
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
        <AppShell.Footer hiddenFrom="sm">
          <MobileNav />
        </AppShell.Footer>
      </AppShell>
    </PageTitleProvider>
  );
}
