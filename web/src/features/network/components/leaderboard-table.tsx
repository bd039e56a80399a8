import type { LeaderboardNode } from "@pli/api/public-contract";
import { reputationTone } from "@pli/api/public-contract/display";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { percent } from "@/shared/format";
import { REPUTATION_COLORS } from "@/shared/theme/theme";
import { Address } from "@/shared/ui/address";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { networkMessages } from "../messages";

/**
 * The node's rank, then its name over its address where its operator shows the name, else the address alone (private by
 * default).
 */
function NodeCell({ node }: { node: LeaderboardNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" fw={600} flex="none">
        #{node.rank}
      </Text>
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

const columns: Column<LeaderboardNode>[] = [
  {
    id: "node",
    meta: { card: "title" },
    header: networkMessages.node,
    cell: ({ row }) => <NodeCell node={row.original} />,
  },
  {
    id: "reputation",
    meta: { card: "amount" },
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
    />
  );
}
