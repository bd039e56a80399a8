import { Group, Stack } from "@mantine/core";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { Section } from "@/shared/ui/section";
import { useTickets } from "../api/get-tickets";
import { TicketFilter, useTicketListParams } from "../components/ticket-filter";
import { TicketForm } from "../components/ticket-form";
import { TicketTable } from "../components/ticket-table";
import type { TicketVariant } from "../ticket-routes";

/**
 * Operators: 'Submit Ticket' and their tickets with status (the spec's listissue). Admins: every
 * ticket, by status, searched by subject, number, email, wallet or node.
 */
export function TicketListPage({ variant }: { variant: TicketVariant }) {
  const { params, update, setStatus } = useTicketListParams();
  const list = useTickets(params);
  const total = list.data?.totalDocs ?? 0;
  const tickets = (
    <Section
      title={variant === "user" ? "Your Tickets" : undefined}
      description={variant === "user" ? `You have total ${total} tickets.` : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <TicketFilter status={params.status} onChange={setStatus} />
          <SearchBox placeholder={variant === "user" ? "Search by subject or number" : "Search by subject or email"} />
        </Group>
        <TicketTable variant={variant} tickets={list.data?.docs ?? []} loading={list.isPending} />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => update({ page })} />
      </Stack>
    </Section>
  );
  if (variant === "admin") return tickets;
  return (
    <Stack gap="lg">
      <Section title="Submit Ticket" description="Support answers here and by email.">
        <TicketForm />
      </Section>
      {tickets}
    </Stack>
  );
}
