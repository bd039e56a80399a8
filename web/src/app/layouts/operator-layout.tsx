import { ActionIcon, AppShell, Button, Divider, Group, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconLifebuoy, IconLogout, IconTicket } from "@tabler/icons-react";
import { Link, Outlet, useLocation, useNavigate } from "react-router-dom";
import { useWalletBalances } from "@/chain/use-balances";
import { routes, SUPPORT_DOCS_URL, USER_MOBILE_NAV, USER_SIDEBAR } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { tillStakeStore } from "@/shared/session/till-stake";
import { Amount } from "@/shared/ui/amount";
import { PageTitleProvider } from "@/shared/ui/page-title";
import { FrameHeader } from "./frame-header";
import { HEADER_HEIGHT, MOBILE_NAV_HEIGHT, NAVBAR_WIDTH, PHONE_QUERY } from "./frame-metrics";
import { FrameNav } from "./frame-nav";
import { NAV_ICONS } from "./nav-icons";

function Balances({ wallet }: { wallet: `0x${string}` }) {
  const { pli, native } = useWalletBalances(wallet);
  const row = (label: string, value: React.ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value}
    </Group>
  );
  return (
    <Stack gap={6} aria-label="Balances">
      {row("PLI", <Amount wei={pli} unit="PLI" size="sm" testId="pli-balance" />)}
      {row("XDC", <Amount wei={native} unit="XDC" size="sm" testId="native-balance" />)}
      {row(
        "Total Staked",
        <Text component="span" ff="monospace" size="sm" style={{ whiteSpace: "nowrap" }}>
          {tillStakeStore.get()} PLI
        </Text>,
      )}
    </Stack>
  );
}

function MobileNav() {
  const { pathname } = useLocation();
  const item = (key: string, label: string, icon: React.ReactNode, props: object) => (
    <UnstyledButton key={key} {...props} style={{ flex: 1, textAlign: "center" }}>
      <Stack gap={2} align="center">
        {icon}
        <Text size="xs">{label}</Text>
      </Stack>
    </UnstyledButton>
  );
  return (
    <Group component="nav" aria-label="Mobile navigation" h="100%" gap={0} wrap="nowrap" px={4}>
      {USER_MOBILE_NAV.map(({ route, label }) => {
        const Icon = NAV_ICONS[route];
        const path = routes[route].path;
        return item(route, label, Icon ? <Icon size={20} aria-hidden="true" /> : null, {
          component: Link,
          to: path,
          "aria-current": pathname === path ? "page" : undefined,
          c: pathname === path ? "indigo.7" : undefined,
        });
      })}
      {item("support", "Support", <IconLifebuoy size={20} aria-hidden="true" />, { component: "a", href: SUPPORT_DOCS_URL, target: "_blank", rel: "noopener noreferrer" })}
    </Group>
  );
}

/** The operator frame: sidebar with balances (a burger menu on small screens), header, mobile bottom navigation. */
export function OperatorLayout() {
  const { claims, signOut } = useSession();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const logout = () => {
    signOut();
    navigate(routes.home.href(), { replace: true });
  };
  return (
    <PageTitleProvider>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: NAVBAR_WIDTH, breakpoint: "sm", collapsed: { mobile: !opened } }}
        footer={{ height: MOBILE_NAV_HEIGHT, collapsed: !phone }}
        padding={{ base: "sm", sm: "lg" }}
      >
        <AppShell.Header>
          <FrameHeader
            navOpened={opened}
            onToggleNav={toggle}
            actions={
              <>
                <Button component={Link} to={routes.listIssue.href()} variant="default" size="sm" leftSection={<IconTicket size={16} />} visibleFrom="sm">
                  Submit Ticket
                </Button>
                <Tooltip label="Submit Ticket">
                  <ActionIcon component={Link} to={routes.listIssue.href()} variant="default" size="lg" hiddenFrom="sm" aria-label="Submit Ticket">
                    <IconTicket size={18} />
                  </ActionIcon>
                </Tooltip>
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
        <AppShell.Navbar p="md" aria-label="Operator menu">
          <AppShell.Section grow>
            <FrameNav brand="PLI Validator Portal" home="dashboard" items={USER_SIDEBAR} onNavigate={close} />
          </AppShell.Section>
          <AppShell.Section>
            <Divider mb="md" />
            {claims?.walletAddress && <Balances wallet={claims.walletAddress as `0x${string}`} />}
            <SimpleGrid cols={2} spacing="xs" mt="md">
              <Button component={Link} to={routes.listNode.href()} onClick={close} size="sm">
                Deposit
              </Button>
              <Button component={Link} to={routes.transactions.href()} onClick={close} size="sm" variant="default">
                Staked
              </Button>
            </SimpleGrid>
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
