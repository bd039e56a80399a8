import type { NotificationResponse } from "@pli/api/public-contract";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { formatAgo, formatDate } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useNotifications } from "../api/get-notifications";
import { useMarkRead } from "../api/mark-read";
import { notificationMessages as m } from "../messages";

/** The mail's lines before its footer (the portal's address, the brand), as one paragraph. */
const summaryOf = (text: string) => {
  const lines = text.split("\n").map((line) => line.trim());
  const footer = lines.findIndex((line) => line.startsWith("Portal: ") || line === "--");
  return (footer === -1 ? lines : lines.slice(0, footer)).filter(Boolean).join(" ");
};

function NotificationItem({ notification, onRead }: { notification: NotificationResponse; onRead: () => void }) {
  const unread = notification.readAt === null;
  return (
    <UnstyledButton
      onClick={unread ? onRead : undefined}
      p="xs"
      style={{ borderRadius: "var(--mantine-radius-sm)", minHeight: 44 }}
      bg={unread ? "var(--mantine-color-default-hover)" : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={unread ? 700 : 400} style={{ overflowWrap: "anywhere" }}>
          {notification.title}
        </Text>
        {unread ? (
          <Badge size="xs" variant="filled" color={TONE_COLORS.primary}>
            {m.unread}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: "anywhere" }}>
        {summaryOf(notification.text)}
      </Text>
      <Text size="xs" c="dimmed" title={formatDate(notification.createdAt, "operatorDashboard")}>
        {formatAgo(notification.createdAt)}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The operator header's bell: what the portal mailed them, newest first, unread ones marked and counted on the bell;
 * opening one marks it read, and all can be marked read at once.
 */
export function NotificationBell() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const notifications = list.data?.notifications ?? [];
  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow>
      <Indicator label={unread} size={18} disabled={unread === 0} color={TONE_COLORS.danger} offset={4}>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" aria-label={m.bell(unread)}>
            <IconBell size={18} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" maw="calc(100vw - 16px)">
        <Stack gap="xs" role="region" aria-label={m.title}>
          <Group justify="space-between" px="xs">
            <Text fw={700}>{m.title}</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              disabled={unread === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {m.markAllRead}
            </Button>
          </Group>
          {notifications.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs">
              {m.empty}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                {notifications.map((notification) => (
                  <li key={notification._id}>
                    <NotificationItem
                      notification={notification}
                      onRead={() => markRead.mutate({ ids: [notification._id] })}
                    />
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {list.data?.more ? (
            <Text size="xs" c="dimmed" px="xs">
              {m.more}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
