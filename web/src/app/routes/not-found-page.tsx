import { Anchor, Paper, Stack, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { messages } from "@/shared/config/messages";
import { routes } from "@/shared/config/routes";

export function NotFoundPage() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm">
        <Title order={1}>{messages.notFoundTitle}</Title>
        <Anchor component={Link} to={routes.home.href()}>
          {messages.backHome}
        </Anchor>
      </Stack>
    </Paper>
  );
}
