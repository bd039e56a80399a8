import type { StakeResponse } from "@pli/api/public-contract";
import { Stack, Text } from "@mantine/core";
import { ExplorerAddress, ExplorerTx } from "@/chain/explorer-links";
import { formatDate } from "@/shared/format/dates";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";

/** A date with the transaction that made it, or a dash when it has not happened. */
function When({ date, hash }: { date: string | null; hash: string | null }) {
  if (!date) return <Text size="sm">-</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">{formatDate(date, "operatorDashboard")}</Text>
      {hash ? <ExplorerTx hash={hash} /> : null}
    </Stack>
  );
}

/** One stake position as the chain shows it, read-only: owner, node, total and each step's date and transaction. */
export function StakeDetails({ stake }: { stake: StakeResponse }) {
  return (
    <DetailGrid>
      <Detail label="Email">{plainValue(stake.user.email)}</Detail>
      <Detail label="Wallet Address">
        <ExplorerAddress address={stake.walletAddress} label="wallet address" />
      </Detail>
      <Detail label="Node Name">{plainValue(stake.nodesetting.name)}</Detail>
      <Detail label="Node Address">
        <ExplorerAddress address={stake.nodeAddress} label="node address" />
      </Detail>
      <Detail label="Total Stake">
        <Amount wei={BigInt(stake.totalStake)} size="sm" />
      </Detail>
      <Detail label="Staked At">
        <When date={stake.date} hash={stake.tnxHash} />
      </Detail>
      <Detail label="Last Staked At">{plainValue(formatDate(stake.lastStakedAt, "operatorDashboard"))}</Detail>
      <Detail label="Unlocked At">
        <When date={stake.unlockedAt} hash={stake.unlockTnxHash} />
      </Detail>
      <Detail label="Withdrawn">
        {stake.withdrawStake === null ? (
          <Text size="sm">-</Text>
        ) : (
          <Amount wei={BigInt(stake.withdrawStake)} size="sm" />
        )}
      </Detail>
      <Detail label="Withdrawn At">
        <When date={stake.withdrawnAt} hash={stake.withdrawTnxHash} />
      </Detail>
    </DetailGrid>
  );
}
