import type { StakeResponse } from "@pli/api/public-contract";
import { Table, Text } from "@mantine/core";
import { ExplorerTx } from "@/chain/explorer-links";
import { formatDate } from "@/shared/format/dates";
import { Amount } from "@/shared/ui/amount";
import { EVENT_LABELS, stakeMessages } from "../stake-display";

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
    <Table.ScrollContainer
      minWidth={600}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${stakeMessages.historyTitle} (scrolls sideways)`}
    >
      <Table aria-label={stakeMessages.historyTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Total Stake</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Txn Hash</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event._id}>
              <Table.Td>{EVENT_LABELS[event.kind]}</Table.Td>
              <Table.Td>
                <Amount wei={BigInt(event.totalStake)} size="sm" />
              </Table.Td>
              <Table.Td>{formatDate(event.date, "operatorDashboard")}</Table.Td>
              <Table.Td>
                <ExplorerTx hash={event.tnxHash} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
