import type { StakeResponse } from "@pli/api/public-contract";
import { Text } from "@mantine/core";
import { ExplorerTx } from "@/chain/explorer-links";
import { formatDate } from "@/shared/format/dates";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { stakeMessages } from "../stake-display";
import { EventAmount } from "./event-amount";
import { EVENT_KIND_LABELS } from "../staking-display";

const COLUMNS: Column<StakeResponse["transaction"][number]>[] = [
  { id: "type", header: "Type", meta: { card: "title" }, cell: ({ row }) => EVENT_KIND_LABELS[row.original.kind] },
  {
    id: "amount",
    header: "Total Stake",
    meta: { card: "amount" },
    cell: ({ row }) => <EventAmount event={row.original} />,
  },
  { id: "date", header: "Date", cell: ({ row }) => formatDate(row.original.date, "operatorDashboard") },
  { id: "hash", header: "Txn Hash", cell: ({ row }) => <ExplorerTx hash={row.original.tnxHash} /> },
];

/**
 * A position's chain events, newest first: what happened, the amount, when, and the transaction with its explorer link.
 */
export function StakeHistory({ events }: { events: StakeResponse["transaction"] }) {
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {stakeMessages.noEvents}
      </Text>
    );
  return (
    <DataTable
      columns={COLUMNS}
      data={events}
      loading={false}
      getRowId={(event) => event._id}
      caption={stakeMessages.historyTitle}
      minWidth={600}
      wrap
    />
  );
}
