import { INCENTIVE_STATUS } from "../public-contract/domain.ts";

/**
 * The incentive statuses, types and deposit rule of spec sections 2 and 5, pure, for the API and the
 * web app. The calendar, the accrual and the payout rules have their own files (calendar.ts,
 * accrual-rules.ts, payout-rules.ts).
 */

export type IncentiveStatus = (typeof INCENTIVE_STATUS)[keyof typeof INCENTIVE_STATUS];
export const INCENTIVE_STATUSES = Object.values(INCENTIVE_STATUS) as [IncentiveStatus, ...IncentiveStatus[]];
export const INCENTIVE_TYPE = { monthly: "Monthly" } as const;
export type IncentiveType = (typeof INCENTIVE_TYPE)[keyof typeof INCENTIVE_TYPE];

export const INCENTIVE_RULE_MESSAGES = {
  depositNotPositive: "Value must be greater than 0",
  insufficientRewardPool: "Kindly check if you have sufficient PLI for rolling out Incentives! Try Again!!",
  incentiveNotPayable: "Only UnPaid incentives with a token greater than 0 can be paid",
} as const;

/** Spec 5: a reward deposit must be above 0; its message, or null when it may be sent. */
export const depositAmountError = (amount: bigint | null) =>
  amount === null || amount <= 0n ? INCENTIVE_RULE_MESSAGES.depositNotPositive : null;
