import type { TicketResponse } from "@pli/api/public-contract";
import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { OperatorCell } from "@/shared/ui/operator-cell";
import { StatusBadge } from "@/shared/ui/status-badge";
import { TICKET_ROUTES, type TicketVariant } from "../ticket-routes";

const lastReplyLabel = (ticket: TicketResponse, variant: TicketVariant) =>
  ticket.lastReplyBy === "admin" ? "Support" : variant === "user" ? "You" : "Operator";

/** The tickets of a page: each subject opens its thread. Admins also see whose ticket it is. */
export function TicketTable({
  variant,
  tickets,
  loading,
}: {
  variant: TicketVariant;
  tickets: TicketResponse[];
  loading: boolean;
}) {
  const view = TICKET_ROUTES[variant].view;
  const columns: Column<TicketResponse>[] = [
    { id: "ticketNo", header: "No.", cell: ({ row }) => `#${row.original.ticketNo}` },
    {
      id: "subject",
      meta: { card: "title" },
      header: "Subject",
      cell: ({ row }) => (
        <Anchor component={Link} to={view.href(row.original._id)} size="sm" fw={600}>
          {row.original.subject}
        </Anchor>
      ),
    },
    ...(variant === "admin"
      ? [
          {
            id: "user",
            header: "Operator",
            cell: ({ row }) => (
              <OperatorCell email={row.original.user.email} wallet={row.original.user.walletAddress} />
            ),
          } satisfies Column<TicketResponse>,
        ]
      : []),
    { id: "node", header: "Node", cell: ({ row }) => row.original.node?.name ?? "-" },
    {
      id: "status",
      meta: { card: "status" },
      header: "Status",
      cell: ({ row }) => <StatusBadge entity="ticket" status={row.original.status} />,
    },
    {
      id: "activity",
      header: "Last Reply",
      cell: ({ row }) => (
        <Stack gap={2}>
          <Text size="sm">{lastReplyLabel(row.original, variant)}</Text>
          <DateCell value={row.original.updatedAt} format="adminDashboard" size="xs" c="dimmed" />
        </Stack>
      ),
    },
    { id: "createdAt", header: "Opened", cell: ({ row }) => <DateCell value={row.original.createdAt} /> },
  ];
  return (
    <DataTable
      columns={columns}
      data={tickets}
      loading={loading}
      getRowId={(row) => row._id}
      caption="Support tickets"
      minWidth={variant === "admin" ? 960 : 720}
      wrap
    />
  );
}
