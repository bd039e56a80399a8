import { Text } from "@mantine/core";
import { statusBadge } from "@/shared/config/status";
import { formatDate } from "@/shared/format/dates";
import { DataTable, type Column } from "@/shared/ui/data-table";
import type { ReviewEvidence } from "./get-review-evidence";

type History = ReviewEvidence["history"];

const label = (status: string | null) => (status === null ? "-" : statusBadge("node", status).label);
const ACTORS = { user: "Operator", admin: "Admin", system: "Chain" } as const;

const COLUMNS: Column<History[number]>[] = [
  {
    id: "date",
    header: "Date",
    meta: { card: "title" },
    cell: ({ row }) => formatDate(row.original.date, "operatorDashboard"),
  },
  { id: "by", header: "By", cell: ({ row }) => ACTORS[row.original.actorType] },
  { id: "from", header: "From", cell: ({ row }) => label(row.original.fromStatus) },
  { id: "to", header: "To", meta: { card: "status" }, cell: ({ row }) => label(row.original.toStatus) },
  { id: "notes", header: "Notes", cell: ({ row }) => row.original.notes || "-" },
];

/** Who changed a node's status, when, from what to what, with the notes (newest first). */
export function StatusHistory({ history }: { history: History }) {
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No status changes yet.
      </Text>
    );
  return (
    <DataTable
      columns={COLUMNS}
      data={history}
      loading={false}
      getRowId={(row) => `${row.date}-${row.toStatus}`}
      caption="Status history"
      minWidth={560}
      wrap
    />
  );
}
