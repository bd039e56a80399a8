import { z } from "zod";
import { addressSchema } from "@pli/abis";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import { weiSchema as wei } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const EARNINGS_PATHS = { root: "/api/user/earnings" } as const;

export const EARNINGS_MESSAGES = {
  nodeNotYours: "You have no stake and no incentive on this node",
} as const;

/** The months the earnings chart shows, the running one last; and the payments listed per node. */
export const EARNINGS_LIMITS = { months: 12, payments: 12, yieldDays: 365 } as const;

/** GET /api/user/earnings: everything of the operator, or one of their nodes (0x… or xdc…). */
export const earningsQuerySchema = z.object({ node: addressSchema.optional() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const month = z.string().regex(/^\d{4}-\d{2}$/);

/**
 * What a node (or all of them) earned in one month: accrued by the portal (or, not accrued yet, what the accrual rule
 * gives it), paid on the chain.
 */
const earningsMonthSchema = z.object({
  month,
  earned: wei,
  paid: wei,
  /** The month still running: `earned` is what it comes to if the stake and node stay as they are. */
  running: z.boolean(),
  /**
   * Of `earned`, what is not accrued yet but what the accrual rule gives it: all of the running month, and all of a
   * month just over that the accrual (every hour, once the indexer has reached the month's end) has not written yet;
   * in the total, the nodes' parts added up. "0" for a month accrued.
   */
  expected: wei,
});

const runningMonthSchema = z.object({
  month,
  /** What the month comes to if the stake and node stay as they are, the inactive days so far taken off. */
  expected: wei,
  /** What the inactive days so far take off the month. */
  deducted: wei,
  /** The inactive days so far; in the total, every node's added up (node-days, as `deducted` takes them off). */
  inactiveDays: z.number().int(),
  /** Days of the month gone by, today included. */
  daysSoFar: z.number().int(),
  daysInMonth: z.number().int(),
  /** When the month's incentive is paid: its date (the 1st of the next month) plus the spec's 30 days. */
  paymentDue: day,
});

const paymentSchema = z.object({
  /** The node the payment was for (two nodes' payments of one month and amount may share their transaction). */
  node: z.string(),
  /** The month the payment was earned for. */
  month,
  amount: wei,
  paidAt: z.string(),
  txHash: z.string(),
});

const accruedSchema = z.object({
  /** The node the incentive was accrued for. */
  node: z.string(),
  month,
  /** The incentive's date: the 1st of the month after `month`. */
  date: day,
  token: wei,
  paymentDue: day,
});

export const earningsFiguresSchema = z.object({
  /** What the chain holds for the positions in Stake or Unlock. */
  stake: wei,
  months: z.array(earningsMonthSchema),
  running: runningMonthSchema,
  /** Reward payments on the chain, newest first. */
  payments: z.array(paymentSchema),
  /** Incentives accrued that the chain has not paid yet, oldest first. */
  accrued: z.array(accruedSchema),
  accruedTotal: wei,
  /**
   * The earliest payment still to come: an accrued incentive's, a month's that is over and not accrued yet, or the
   * running month's, each when it has earned something; null when none has anything to pay.
   */
  nextPayment: day.nullable(),
  /** Reward payments of the last 365 days. */
  paidLastYear: wei,
  /** Stake times days staked over the last 365 days, wei-days (rounded down). */
  stakeDays: wei,
  /** paidLastYear against the stake a whole year would hold, percent with two decimals; null without stake time. */
  realisedYield: z.string().nullable(),
});

export const earningsNodeSchema = earningsFiguresSchema.extend({
  nodeAddress: z.string(),
  /** The name of the operator's portal node at this address, null when there is none. */
  name: z.string().nullable(),
  status: z.enum(Object.values(STAKE_STATUS)).nullable(),
  /** When the stake was unlocked, while it waits to be withdrawn (the contract lets it go at once). */
  unlockedAt: z.string().nullable(),
});

export const earningsSchema = z.object({
  asOf: z.string(),
  total: earningsFiguresSchema,
  nodes: z.array(earningsNodeSchema),
});

export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;
export type EarningsNode = z.infer<typeof earningsNodeSchema>;
export type Earnings = z.infer<typeof earningsSchema>;

export const EARNINGS_CONTRACT = featureContract({ earnings: EARNINGS_PATHS }, EARNINGS_MESSAGES);
