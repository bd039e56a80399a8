import { USER_TYPE, type TicketDetail, type TicketMessage } from "@pli/api/public-contract";
import { Group, Paper, Stack, Text } from "@mantine/core";
import { formatDate } from "@/shared/format/dates";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import type { TicketVariant } from "../ticket-routes";

/**
 * Who wrote a message, as the reader knows them: the operator is 'You' to themself, support is 'Support' (with the
 * admin's name for admins).
 */
function authorOf(message: TicketMessage, ticket: TicketDetail, variant: TicketVariant) {
  if (message.authorType === USER_TYPE.admin) return message.authorName ? `Support (${message.authorName})` : "Support";
  return variant === "user" ? "You" : ticket.user.email || "Operator";
}

/** The ticket's messages, oldest first; support's replies are set apart from the operator's. */
export function TicketThread({ ticket, variant }: { ticket: TicketDetail; variant: TicketVariant }) {
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: "none" }} aria-label="Messages">
      {ticket.messages.map((message) => {
        const support = message.authorType === USER_TYPE.admin;
        return (
          <Paper
            component="li"
            key={message._id}
            withBorder
            radius="md"
            p="md"
            bg={support ? "var(--mantine-color-indigo-light)" : undefined}
            ml={support ? { base: 0, sm: "xl" } : 0}
            mr={support ? 0 : { base: 0, sm: "xl" }}
          >
            <Group justify="space-between" gap="xs" mb={6}>
              <Text size="sm" fw={650} style={WRAP_ANYWHERE}>
                {authorOf(message, ticket, variant)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(message.createdAt, "adminDashboard")}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", ...WRAP_ANYWHERE }}>
              {message.body}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
