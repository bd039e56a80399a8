import { INCENTIVE_STATUS, type Earnings, type FirstSteps, type IncentiveStatus } from "@pli/api/public-contract";
import { groupDecimal } from "@/shared/format";
import { dashboardMessages as m } from "./messages";

import { chartPli, chartValue, monthLabel } from "@/shared/format/chart";

export { chartPli, chartValue, monthLabel };

/**
 * The earnings chart's bars per month: what is accrued, what is not accrued yet and expected (the running month, a
 * month just over that the hourly accrual has not reached), stacked, and what was paid for the month.
 */
export function earningsBars(months: Earnings["total"]["months"]) {
  return months.map((month) => ({
    month: monthLabel(month.month),
    earned: chartPli((BigInt(month.earned) - BigInt(month.expected)).toString()),
    expected: chartPli(month.expected),
    paid: chartPli(month.paid),
  }));
}

export interface StatusTotal {
  count: number;
  token: bigint;
}

/** The incentive overview from the dashboard's incentiveListAll: all incentives, the paid and the unpaid ones. */
export function incentiveOverview(perStatus: { status: IncentiveStatus; count: number; token: string }[]): {
  total: StatusTotal;
  paid: StatusTotal;
  unPaid: StatusTotal;
} {
  const of = (status: IncentiveStatus): StatusTotal => {
    const row = perStatus.find((item) => item.status === status);
    return { count: row?.count ?? 0, token: BigInt(row?.token ?? "0") };
  };
  const paid = of(INCENTIVE_STATUS.paid);
  const unPaid = of(INCENTIVE_STATUS.unPaid);
  return { total: { count: paid.count + unPaid.count, token: paid.token + unPaid.token }, paid, unPaid };
}

/**
 * The step of the way to a first stake the operator is on (0 add a node, 1 wait for approval, 2 request to stake,
 * 3 stake), or null once they have staked. A request waiting for approval is still step 2.
 */
export function currentFirstStep(steps: FirstSteps): number | null {
  if (steps.staked) return null;
  if (!steps.nodeAdded) return 0;
  if (!steps.nodeApproved) return 1;
  if (!steps.requestApproved) return 2;
  return 3;
}

/**
 * The realised yield as a card shows it: '-' without stake time, 'pending' while the chain has paid nothing (a 0 %
 * would read as a node that earns nothing), else the yearly percentage.
 */
export function yieldShown(figures: Pick<Earnings["total"], "realisedYield" | "payments">): {
  value: string;
  detail: string;
} {
  if (figures.realisedYield === null) return { value: "-", detail: m.earningsNoYield };
  if (figures.payments.length === 0) return { value: m.earningsYieldPending, detail: m.earningsYieldPendingDetail };
  return { value: m.earningsYieldValue(groupDecimal(figures.realisedYield)), detail: m.earningsYieldDetail };
}
