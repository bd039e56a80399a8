import type { StakeRequestResponse } from "@pli/api/public-contract";
import { Group, Stack, Text } from "@mantine/core";
import { ExplorerAddress } from "@/chain/explorer-links";
import { formatDate } from "@/shared/format/dates";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";
import { StatusBadge } from "@/shared/ui/status-badge";

/** The node's stake on the chain: each entry's total and status (under it in a narrow column), or a dash before any stake. */
export function StakeEntries({ stake }: { stake: StakeRequestResponse["stake"] }) {
  if (stake.length === 0) return <Text size="sm">-</Text>;
  return (
    <Stack gap={4} align="flex-start">
      {stake.map((entry) => (
        <Group key={entry._id} gap={6}>
          <Amount wei={BigInt(entry.totalStake)} size="sm" />
          <StatusBadge entity="stake" status={entry.status} />
        </Group>
      ))}
    </Stack>
  );
}

/** A request with its operator, node and the node's stake, read-only. */
export function StakeRequestDetails({ request }: { request: StakeRequestResponse }) {
  return (
    <DetailGrid>
      <Detail label="Email">{plainValue(request.user.email)}</Detail>
      <Detail label="Wallet Address">
        <ExplorerAddress address={request.user.walletAddress} label="wallet address" />
      </Detail>
      <Detail label="Node Name">{plainValue(request.nodesetting.name)}</Detail>
      <Detail label="Node Address">
        <ExplorerAddress address={request.nodesetting.nodeAddress} label="node address" />
      </Detail>
      <Detail label="IP Address">{plainValue(request.nodesetting.ipaddress)}</Detail>
      <Detail label="Node Status">
        <StatusBadge entity="node" status={request.nodesetting.status} />
      </Detail>
      <Detail label="Date">{plainValue(formatDate(request.date))}</Detail>
      <Detail label="Last Updated At">{plainValue(formatDate(request.lastUpdatedAt))}</Detail>
      <Detail label="Stake">
        <StakeEntries stake={request.stake} />
      </Detail>
    </DetailGrid>
  );
}
