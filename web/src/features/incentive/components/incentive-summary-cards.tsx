import type { IncentiveSummary } from "@pli/api/public-contract";
import { Amount } from "@/shared/ui/amount";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { incentiveMessages } from "../messages";

const count = (n: number | undefined) => (n === undefined ? "…" : n.toLocaleString("en-US"));
const wei = (value: string | undefined) => (value === undefined ? undefined : BigInt(value));

/**
 * The admin's incentive cards: total, paid and unpaid (count and PLI sum) and the contract's reward pool as indexed
 * from the chain.
 */
export function IncentiveSummaryCards({ summary }: { summary: IncentiveSummary | undefined }) {
  return (
    <StatGrid>
      <StatCard
        label={incentiveMessages.totalCard}
        value={count(summary?.total.count)}
        detail={<Amount wei={wei(summary?.total.token)} size="sm" />}
      />
      <StatCard
        label={incentiveMessages.paidCard}
        value={count(summary?.paid.count)}
        detail={<Amount wei={wei(summary?.paid.token)} size="sm" />}
      />
      <StatCard
        label={incentiveMessages.unPaidCard}
        value={count(summary?.unPaid.count)}
        detail={<Amount wei={wei(summary?.unPaid.token)} size="sm" />}
      />
      <StatCard
        label={incentiveMessages.rewardBalance}
        value={<Amount wei={wei(summary?.rewardBalance)} fz="xl" />}
        detail={incentiveMessages.rewardBalanceDetail}
      />
    </StatGrid>
  );
}
