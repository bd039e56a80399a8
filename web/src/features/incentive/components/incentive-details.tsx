import { NEXT_PAYMENT_PAST, type IncentiveResponse } from "@pli/api/public-contract";
import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { ExplorerAddress, ExplorerTx } from "@/chain/explorer-links";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { Amount, UsdAmount } from "@/shared/ui/amount";
import { Countdown } from "@/shared/ui/countdown";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";
import { earnedMonth } from "../incentive-display";
import { incentiveMessages } from "../messages";

/**
 * One incentive read-only: its operator and stake position, how the month accrued, and its payment as the chain shows
 * it, with the PLI/USD price in force at the payment's block and the USD value it gives.
 */
export function IncentiveDetails({ incentive }: { incentive: IncentiveResponse }) {
  const next = incentive.nextPaymentDate;
  return (
    <DetailGrid>
      <Detail label="Email">{plainValue(incentive.user.email)}</Detail>
      <Detail label="Wallet Address">
        <ExplorerAddress address={incentive.walletAddress} label="wallet address" />
      </Detail>
      <Detail label="Node Name">{plainValue(incentive.nodeName)}</Detail>
      <Detail label="Node Address">
        <ExplorerAddress address={incentive.nodeAddress} label="node address" />
      </Detail>
      <Detail label="Stake No">
        <Anchor component={Link} to={routes.adminEditStake.href(incentive.stake.stakeNo)} size="sm">
          View Stake
        </Anchor>
      </Detail>
      <Detail label="Token">
        <Amount wei={BigInt(incentive.token)} size="sm" />
      </Detail>
      <Detail label="Date">{plainValue(formatDate(incentive.date))}</Detail>
      <Detail label={incentiveMessages.earnedForLabel}>{plainValue(earnedMonth(incentive.date))}</Detail>
      <Detail label="Type">{plainValue(incentive.type)}</Detail>
      <Detail label="Staked Days / Earning Days">
        {plainValue(`${incentive.stakedDays} / ${incentive.accruedDays}`)}
      </Detail>
      <Detail label="InActive Days">{plainValue(incentive.inactiveCount)}</Detail>
      <Detail label="Percentage">{plainValue(`${incentive.percentage}%`)}</Detail>
      <Detail label="Next Payment Date">
        {next === NEXT_PAYMENT_PAST ? (
          plainValue(next)
        ) : (
          <Text size="sm">
            {formatDate(next)}, <Countdown date={next} />
          </Text>
        )}
      </Detail>
      <Detail label="Paid">
        {incentive.paidAmount === null ? (
          <Text size="sm">-</Text>
        ) : (
          <Stack gap={2}>
            <Amount wei={BigInt(incentive.paidAmount)} size="sm" />
            <Text size="sm">{formatDate(incentive.paidDate, "operatorDashboard")}</Text>
          </Stack>
        )}
      </Detail>
      {incentive.paidPrice && incentive.paidUsd ? (
        <Detail label={incentiveMessages.paidUsdLabel}>
          <Stack gap={2}>
            <UsdAmount usd={incentive.paidUsd} size="sm" />
            <Text size="sm">
              {incentiveMessages.paidPrice(
                incentive.paidPrice.usdPerPli,
                formatDate(incentive.paidPrice.updatedAt, "operatorDashboard"),
              )}
            </Text>
          </Stack>
        </Detail>
      ) : null}
      <Detail label="Txn Hash">{incentive.tnxHash ? <ExplorerTx hash={incentive.tnxHash} /> : plainValue("")}</Detail>
      <Detail label="Created At">{plainValue(formatDate(incentive.createdAt))}</Detail>
    </DetailGrid>
  );
}
