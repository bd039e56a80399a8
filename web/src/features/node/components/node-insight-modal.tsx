import { MESSAGES, NODE_MESSAGES, reputationTone, type NodeResponse } from "@pli/api/public-contract";
import { Group, Modal, Stack, Table, Text } from "@mantine/core";
import { formatScoreValue } from "@/shared/format";
import { formatDate } from "@/shared/format/dates";
import { useInactiveDates } from "../api/get-inactive-dates";
import { useReputation } from "../api/get-reputation";
import { REPUTATION_COLORS } from "../node-display";

export type InsightKind = "reputation" | "inactiveDates";

export interface Insight {
  kind: InsightKind;
  node: NodeResponse;
}

const TITLES: Record<InsightKind, string> = {
  reputation: NODE_MESSAGES.reputationTitle,
  inactiveDates: NODE_MESSAGES.inactiveDatesTitle,
};

function Rows({ loading, rows, head }: { loading: boolean; rows: string[][]; head: string[] }) {
  const note = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={head.length}>
        <Text ta="center" c="dimmed" size="sm" py="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer
      minWidth={240}
      mah={360}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${head.join(" and ")} (scrolls)`}
    >
      <Table stickyHeader>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? note(MESSAGES.loading)
            : rows.length === 0
              ? note(MESSAGES.noRecord)
              : rows.map((row) => (
                  <Table.Tr key={row[0]}>
                    {row.map((cell, i) => (
                      <Table.Td key={i}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReputationBody({ nodeId }: { nodeId: string }) {
  const reputation = useReputation(nodeId);
  const score = reputation.data?.score ?? null;
  return (
    <Stack gap="sm">
      {reputation.data ? (
        <Group gap="xs">
          <Text size="sm">Score</Text>
          <Text
            size="lg"
            fw={700}
            c={score === null ? "dimmed" : `${REPUTATION_COLORS[reputationTone(score)]}.9`}
            data-testid="reputation-score"
          >
            {formatScoreValue(score)}
          </Text>
          <Text size="sm" c="dimmed">
            of 5
          </Text>
        </Group>
      ) : null}
      <Rows
        loading={reputation.isPending}
        head={["Date", "Value"]}
        rows={(reputation.data?.reputationValue ?? []).map((row) => [
          formatDate(row.date),
          formatScoreValue(row.value),
        ])}
      />
    </Stack>
  );
}

function InactiveDatesBody({ nodeId }: { nodeId: string }) {
  const dates = useInactiveDates(nodeId);
  return (
    <Rows
      loading={dates.isPending}
      head={["Date"]}
      rows={(dates.data?.inactiveDates ?? []).map((row) => [formatDate(row.date)])}
    />
  );
}

/** 'Reputation Value for Last 30 Days' and 'InActive Date List' of one node, read fresh when opened. */
export function NodeInsightModal({ insight, onClose }: { insight: Insight | null; onClose: () => void }) {
  return (
    <Modal opened={insight !== null} onClose={onClose} title={insight ? TITLES[insight.kind] : ""} centered>
      {insight ? (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {insight.node.name}
          </Text>
          {insight.kind === "reputation" ? (
            <ReputationBody nodeId={insight.node._id} />
          ) : (
            <InactiveDatesBody nodeId={insight.node._id} />
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
