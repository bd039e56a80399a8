import { reputationTone, type LeaderboardNode } from "@pli/api/public-contract";
import { Badge, Text } from "@mantine/core";
import { percent } from "@/shared/format";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Address } from "@/shared/ui/address";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { networkMessages } from "../messages";

const REPUTATION_COLORS = { green: TONE_COLORS.success, red: TONE_COLORS.danger } as const;

/** The node's name where its operator shows it, else its address (the name stays private by default). */
function NodeCell({ node }: { node: LeaderboardNode }) {
  return node.name === null ? (
    <Address value={node.nodeAddress} />
  ) : (
    <Text size="sm" fw={600} style={WRAP_ANYWHERE}>
      {node.name}
    </Text>
  );
}

const columns: Column<LeaderboardNode>[] = [
  { accessorKey: "rank", header: networkMessages.rank, cell: ({ row }) => `#${row.original.rank}` },
  {
    id: "node",
    meta: { card: "title" },
    header: networkMessages.node,
    cell: ({ row }) => <NodeCell node={row.original} />,
  },
  {
    id: "nodeAddress",
    header: networkMessages.nodeAddress,
    cell: ({ row }) => <Address value={row.original.nodeAddress} />,
  },
  {
    id: "reputation",
    meta: { card: "status" },
    header: networkMessages.reputation,
    cell: ({ row }) => {
      const score = row.original.reputation;
      if (score === null) return <Text size="sm">{networkMessages.notYet}</Text>;
      return (
        <Badge variant="light" color={REPUTATION_COLORS[reputationTone(score)]}>
          {score.toFixed(2)}
        </Badge>
      );
    },
  },
  {
    id: "uptime",
    meta: { card: "amount" },
    header: networkMessages.uptime,
    cell: ({ row }) => (
      <Text size="sm">{row.original.uptime === null ? networkMessages.notYet : percent(row.original.uptime)}</Text>
    ),
  },
];

/** The leaderboard: a table on a laptop, a card per node on a phone. */
export function LeaderboardTable({ rows, loading }: { rows: LeaderboardNode[]; loading: boolean }) {
  return (
    <DataTable
      columns={columns}
      data={rows}
      loading={loading}
      getRowId={(row) => row.nodeAddress}
      caption={networkMessages.leaderboardTitle}
      nextStep={rows.length === 0 && !loading ? <Text size="sm">{networkMessages.noNodes}</Text> : undefined}
    />
  );
}
