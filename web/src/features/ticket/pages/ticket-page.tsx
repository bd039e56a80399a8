import { mayReply, MESSAGES, messagesLeft, type TicketDetail } from "@pli/api/public-contract";
import { Button, Stack } from "@mantine/core";
import { Navigate, useSearchParams } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Alert } from "@/shared/ui/alert";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";
import { useDialogs } from "@/shared/ui/dialogs";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useToast } from "@/shared/ui/toast";
import { useCloseTicket } from "../api/close-ticket";
import { useTicket } from "../api/get-ticket";
import { ReplyForm } from "../components/reply-form";
import { TicketThread } from "../components/ticket-thread";
import { TICKET_ROUTES, type TicketVariant } from "../ticket-routes";

function CloseButton({ ticket }: { ticket: TicketDetail }) {
  const close = useCloseTicket();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const onClose = async () => {
    if (!(await confirmTyped({ text: `To close ticket #${ticket.ticketNo} type yes and confirm` }))) return;
    void settle(close, ticket._id, {
      onSuccess: (result) => toast.success(result.message ?? MESSAGES.ticketClosedDone),
    });
  };
  return (
    <Button variant="light" color="red" onClick={() => void onClose()} loading={close.isPending}>
      Close Ticket
    </Button>
  );
}

/** One ticket (?id=): its details, the thread, and the reply box while it is open; admins also close it. */
export function TicketPage({ variant }: { variant: TicketVariant }) {
  const [search] = useSearchParams();
  const id = search.get("id");
  const ticket = useTicket(id);
  if (!id) return <Navigate to={TICKET_ROUTES[variant].list.href()} replace />;
  if (ticket.isPending) return <RecordLoading />;
  if (!ticket.data) return <RecordLoadFailed error={ticket.error} />;
  const data = ticket.data;
  const open = mayReply(data.status);
  const left = messagesLeft(data.messages.length);
  return (
    <Stack gap="lg">
      <Section
        title={`#${data.ticketNo} ${data.subject}`}
        actions={<StatusBadge entity="ticket" status={data.status} />}
      >
        <DetailGrid>
          {variant === "admin" ? (
            <Detail label="Operator">
              <Stack gap={2}>
                {plainValue(data.user.email)}
                <Address value={data.user.walletAddress} />
              </Stack>
            </Detail>
          ) : null}
          <Detail label="Node">{plainValue(data.node?.name ?? "")}</Detail>
          <Detail label="Opened">{plainValue(formatDate(data.createdAt, "adminDashboard"))}</Detail>
          {data.closedAt ? (
            <Detail label="Closed">{plainValue(formatDate(data.closedAt, "adminDashboard"))}</Detail>
          ) : null}
        </DetailGrid>
      </Section>
      <Section title="Messages" actions={variant === "admin" && open ? <CloseButton ticket={data} /> : undefined}>
        <Stack gap="lg">
          <TicketThread ticket={data} variant={variant} />
          {!open ? (
            <Alert tone="info" title={MESSAGES.ticketClosed} />
          ) : left === 0 ? (
            <Alert tone="info" title={MESSAGES.ticketFull} />
          ) : (
            <ReplyForm ticketId={data._id} left={left} />
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
