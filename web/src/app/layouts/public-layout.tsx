import { Anchor, AppShell, Container, Group, Text } from "@mantine/core";
import { Link, Outlet } from "react-router-dom";
import { messages } from "@/shared/config/messages";
import { routes } from "@/shared/config/routes";
import { HEADER_HEIGHT } from "./frame-metrics";

/** Pages seen before sign-in: a plain header, the page, and the footer. */
export function PublicLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="lg">
          <Anchor component={Link} to={routes.home.href()} fw={700} size="lg" underline="never">
            {messages.productName}
          </Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size={460} py={{ base: "md", sm: 48 }}>
          <Outlet />
          <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
            {messages.copyright}
          </Text>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
