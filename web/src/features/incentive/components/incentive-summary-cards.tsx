import type { IncentiveSummary } from "@pli/api/public-contract";
import { Amount } from "@/shared/ui/amount";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { incentiveMessages } from "../messages";
import { formatCount } from "@/shared/format";

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
        value={formatCount(summary?.total.count)}
        detail={<Amount wei={wei(summary?.total.token)} size="sm" />}
      />
      <StatCard
        label={incentiveMessages.paidCard}
        value={formatCount(summary?.paid.count)}
        detail={<Amount wei={wei(summary?.paid.token)} size="sm" />}
      />
      <StatCard
        label={incentiveMessages.unPaidCard}
        value={formatCount(summary?.unPaid.count)}
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
