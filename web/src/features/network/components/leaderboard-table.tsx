import type { LeaderboardNode } from "@pli/api/public-contract";
import { REPUTATION_SCALE, reputationTone } from "@pli/api/public-contract/display";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { formatScore, percent } from "@/shared/format";
import { REPUTATION_COLORS } from "@/shared/theme/theme";
import { Address } from "@/shared/ui/address";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { networkMessages } from "../messages";

/**
 * The node's rank (a ranked node's), then its name over its address where its operator shows the name, else the address
 * alone (private by default).
 */
function NodeCell({ node, ranked }: { node: LeaderboardNode; ranked: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {ranked ? (
        <Text size="sm" c="dimmed" fw={600} flex="none">
          #{node.rank}
        </Text>
      ) : null}
      {node.name === null ? (
        <Address value={node.nodeAddress} />
      ) : (
        <Stack gap={2} align="flex-start" miw={0}>
          <Text size="sm" fw={600} style={WRAP_ANYWHERE}>
            {node.name}
          </Text>
          <Address value={node.nodeAddress} />
        </Stack>
      )}
    </Group>
  );
}

const nodeColumn = (ranked: boolean): Column<LeaderboardNode> => ({
  id: "node",
  meta: { card: "title" },
  header: networkMessages.node,
  cell: ({ row }) => <NodeCell node={row.original} ranked={ranked} />,
});

const figureColumns: Column<LeaderboardNode>[] = [
  {
    id: "reputation",
    meta: { card: "amount" },
    header: networkMessages.reputation,
    cell: ({ row }) => {
      const score = row.original.reputation;
      if (score === null) return <Text size="sm">{networkMessages.notYet}</Text>;
      return (
        <Badge variant="light" color={REPUTATION_COLORS[reputationTone(score)]}>
          {formatScore(score, REPUTATION_SCALE)}
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

const rankedColumns = [nodeColumn(true), ...figureColumns];
const newColumns = [nodeColumn(false), ...figureColumns.filter((column) => column.id === "uptime")];

/**
 * The leaderboard: a table on a laptop, a card per node on a phone. `ranked` false lists the new nodes, which have no
 * reputation to rank them by yet: no rank and no reputation column.
 */
export function LeaderboardTable({
  rows,
  loading,
  ranked = true,
}: {
  rows: LeaderboardNode[];
  loading: boolean;
  ranked?: boolean;
}) {
  return (
    <DataTable
      columns={ranked ? rankedColumns : newColumns}
      data={rows}
      loading={loading}
      getRowId={(row) => row.nodeAddress}
      caption={ranked ? networkMessages.leaderboardTitle : networkMessages.newNodesTitle}
    />
  );
}
