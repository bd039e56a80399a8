import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import { PAYOUT_RESERVATION_MINUTES } from "./payout-rules.ts";

/**
 * The incentive statuses, types and deposit rule of spec sections 2 and 5, pure, for the API and the
 * web app. The calendar, the accrual and the payout rules have their own files (calendar.ts,
 * accrual-rules.ts, payout-rules.ts).
 */

export type IncentiveStatus = (typeof INCENTIVE_STATUS)[keyof typeof INCENTIVE_STATUS];
export const INCENTIVE_STATUSES = Object.values(INCENTIVE_STATUS) as [IncentiveStatus, ...IncentiveStatus[]];
/** The list's status filter beyond the statuses: the unpaid incentives whose payment date has come. */
export const INCENTIVE_DUE = "due";
export const INCENTIVE_LIST_STATUSES = [...INCENTIVE_STATUSES, INCENTIVE_DUE] as const;
export type IncentiveListStatus = (typeof INCENTIVE_LIST_STATUSES)[number];
export const INCENTIVE_TYPE = { monthly: "Monthly" } as const;
export type IncentiveType = (typeof INCENTIVE_TYPE)[keyof typeof INCENTIVE_TYPE];

/** The most years one tax report covers: each report holds a database cursor while it streams. */
export const TAX_REPORT_MAX_YEARS = 3;

export const INCENTIVE_RULE_MESSAGES = {
  taxReportTooLong: `A tax report covers at most ${TAX_REPORT_MAX_YEARS} years: pick a shorter range`,
  depositNotPositive: "Value must be greater than 0",
  insufficientRewardPool: "Kindly check if you have sufficient PLI for rolling out Incentives! Try Again!!",
  incentiveNotPayable: "Only UnPaid incentives with a token greater than 0 can be paid",
  payoutInFlight: `Another Pay Now is paying some of the selected incentives: unselect them, or wait until that payout ends (at most ${PAYOUT_RESERVATION_MINUTES} minutes)`,
  payoutInFlightOwn: `You are paying some of the selected incentives in another Pay Now (another window, or one whose transaction is not known to be mined yet): check its outcome first; its hold ends at most ${PAYOUT_RESERVATION_MINUTES} minutes after its last batch`,
  incentiveInPayNow: "A Pay Now is paying this incentive: it can be deleted once that payout ends",
  poolTakenByPayoutsInFlight:
    "The reward pool cannot pay this selection after the Pay Now payouts in flight: wait until they end, or deposit PLI",
} as const;

/** Spec 5: a reward deposit must be above 0; its message, or null when it may be sent. */
export const depositAmountError = (amount: bigint | null) =>
  amount === null || amount <= 0n ? INCENTIVE_RULE_MESSAGES.depositNotPositive : null;

/**
 * A tax report's range: its message when the last day is not within TAX_REPORT_MAX_YEARS of the first (2024-01-01 to
 * 2026-12-31 is three years, 2024-01-01 to 2027-01-01 is more), or null. Days are YYYY-MM-DD, compared as text.
 */
export function taxReportRangeError(range: { from?: string | undefined; to?: string | undefined }): string | null {
  if (!range.from || !range.to) return null;
  const sameDayLater = `${String(Number(range.from.slice(0, 4)) + TAX_REPORT_MAX_YEARS).padStart(4, "0")}${range.from.slice(4)}`;
  return range.to < sameDayLater ? null : INCENTIVE_RULE_MESSAGES.taxReportTooLong;
}
