import { z } from "zod";
import { addressSchema } from "@pli/abis";
import { dayRangeInOrder, dayRangeShape, requiredDayRangeShape } from "../shared/date-range.ts";
import { priceSchema, usdSchema } from "../price/schema.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import {
  idSchema,
  listQuerySchema,
  statusCountsSchema,
  txHashSchema as txHash,
  weiSchema as wei,
} from "../shared/schema.ts";
import { PAYOUT_HINT_MESSAGES } from "./payout-rules.ts";
import {
  INCENTIVE_LIST_STATUSES,
  INCENTIVE_RULE_MESSAGES,
  INCENTIVE_STATUSES,
  INCENTIVE_TYPE,
  taxReportRangeError,
} from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";
export * from "./calendar.ts";
export * from "./accrual-rules.ts";
export * from "./payout-rules.ts";

export const INCENTIVE_PATHS = {
  root: "/api/incentive",
  byId: "/api/incentive/getIncentiveByID",
  export: "/api/incentive/export",
  taxReport: "/api/incentive/tax-report",
  summary: "/api/incentive/summary",
  statusCounts: "/api/incentive/status-counts",
  discrepancies: "/api/incentive/discrepancies",
  payout: "/api/incentive/payout",
  payoutRenew: "/api/incentive/payout/renew",
  payoutRelease: "/api/incentive/payout/release",
  update: "/api/incentive/update",
  deposit: "/api/incentive/deposit",
  delete: "/api/incentive/delete",
} as const;

/** The CSV download of the incentive list (spec 2: file name incentivelist). */
export const INCENTIVE_EXPORT_FILE = "incentivelist.csv";

export const INCENTIVE_MESSAGES = {
  tokenSent: "Token Sent Successfully",
  tokenDeposited: "Token Successfully Deposited on Defi Contract",
  incentiveDeleted: "Incentive Deleted Successfully",
  paymentUpdateFailed: "Error Occured Try Again!!!",
  incentiveNotFound: "Incentive not found",
  incentivePaidKept: "A paid incentive is a fact of the chain: it is never deleted",
  incentiveInSafePayout:
    "A Safe payout proposal that has not executed pays this incentive: it can be deleted once another Safe transaction takes that proposal's nonce",
  payoutHeld: "The incentives are held for this Pay Now",
  payoutThroughSafe:
    "The contracts are owned by a Safe: Pay Now is proposed to the Safe (POST /api/safe/proposals), never paid from one admin's wallet",
  depositUnknown: "No reward deposit with this hash has been indexed: it is unknown, or not yet mined and indexed",
  depositRecorded: "Reward deposit recorded",
  taxReportNeedsFeed:
    "The tax report values each payment and stake event at the PLI/USD price feed, and no feed is configured (PRICE_FEED_ADDRESS)",
  taxReportOwnOnly: "An operator's tax report holds their own records only",
  taxReportBusy: "Your tax report is still downloading: wait for it to finish, or cancel it, before asking for another",
  ...INCENTIVE_RULE_MESSAGES,
  ...PAYOUT_HINT_MESSAGES,
} as const;

const incentiveStatusSchema = z.enum(INCENTIVE_STATUSES);

/**
 * GET /api/incentive: `q` searches by status (a status label it begins, any case: "paid", "Un") or, when
 * it is 0x hex, by the beginning of the wallet, node address or payout transaction hash;
 * `status` keeps one status, or `due`: the unpaid ones whose payment date has come.
 */
export const incentiveListQuerySchema = listQuerySchema.extend({
  status: z
    .enum(INCENTIVE_LIST_STATUSES, { error: `status must be one of ${INCENTIVE_LIST_STATUSES.join(", ")}` })
    .optional(),
});
/** GET /api/incentive/status-counts: the list's rows per status and the due ones, the operator's own or everybody's. */
export const incentiveStatusCountsSchema = statusCountsSchema(INCENTIVE_LIST_STATUSES);
export type IncentiveStatusCounts = z.infer<typeof incentiveStatusCountsSchema>;

/** The export's search and status, as the list's, and optional range of incentive days (UTC, first and last included). */
export const incentiveExportQuerySchema = incentiveListQuerySchema
  .pick({ q: true, status: true })
  .extend(dayRangeShape)
  .refine(...dayRangeInOrder);
/**
 * GET /api/incentive/tax-report: the first and last UTC day of the report (both required and included); an admin may
 * name one operator's wallet (everyone's without it), an operator only their own.
 */
export const taxReportQuerySchema = z
  .object({ ...requiredDayRangeShape, wallet: addressSchema.transform((value) => value.toLowerCase()).optional() })
  .refine(...dayRangeInOrder)
  .refine((range) => taxReportRangeError(range) === null, {
    path: ["to"],
    error: INCENTIVE_RULE_MESSAGES.taxReportTooLong,
  });

export const incentiveByIdQuerySchema = z.object({ incentiveId: idSchema });
export const discrepancyQuerySchema = listQuerySchema.pick({ page: true, limit: true });

/** Most rows one payout plan or hint names: a month of a large network, paid batch by batch. */
export const MAX_SELECTED_INCENTIVES = 5_000;

/** POST /api/incentive/payout: the rows selected for Pay Now. */
export const payoutPlanSchema = z.object({
  ids: z
    .array(idSchema, { error: "Select the incentives to pay" })
    .min(1, "Select the incentives to pay")
    .max(MAX_SELECTED_INCENTIVES, `At most ${MAX_SELECTED_INCENTIVES} incentives at once`),
});

/**
 * POST /api/incentive/payout/renew (a batch's rows, held longer before it is sent) and /payout/release (rows of a plan
 * its browser did not send, given back).
 */
export const payoutReleaseSchema = z.object({
  planId: z.uuid({ error: "planId must be the plan's id" }),
  ids: payoutPlanSchema.shape.ids,
});

/**
 * POST /api/incentive/update: after payRewards was mined, a hint naming the transaction and the rows it
 * paid (spec 7's selectedArray: only each `_id` is read, every other field is accepted and ignored).
 */
export const payoutHintSchema = z.object({
  tnxHash: txHash,
  selectedArray: z
    .array(z.object({ _id: idSchema }), { error: "selectedArray must list the paid incentives" })
    .min(1, "selectedArray must list the paid incentives")
    .max(MAX_SELECTED_INCENTIVES, `At most ${MAX_SELECTED_INCENTIVES} incentives at once`),
});

export const incentiveDeleteSchema = z.object({ id: idSchema });

/** POST /api/incentive/deposit: after depositReward was mined and indexed, the hash of the deposit the portal sent. */
export const depositHintSchema = z.object({ tnxHash: txHash });

/** An incentive (spec 3): amounts in wei; Paid, tnxHash and paidDate only from the chain's payment. */
export const incentiveResponseSchema = z.object({
  _id: z.string(),
  token: wei,
  walletAddress: z.string(),
  nodeAddress: z.string(),
  /** The portal's node with this node address, null when none. */
  nodeId: z.string().nullable(),
  nodeName: z.string(),
  /** YYYY-MM-DD: the first of the month after the month accrued. */
  date: z.string(),
  /** The date as YYYYMMDD, the key payRewards is called with. */
  dateKey: z.number().int(),
  status: incentiveStatusSchema,
  type: z.enum([INCENTIVE_TYPE.monthly]),
  inactiveCount: z.number().int(),
  stakedDays: z.number().int(),
  accruedDays: z.number().int(),
  percentage: z.string(),
  tnxHash: z.string().nullable(),
  paidDate: z.string().nullable(),
  /** What the chain paid for this row's key, wei: the amount a Paid row shows; differs from token only on a discrepancy. */
  paidAmount: wei.nullable(),
  /** True when the chain paid this key another amount than the row's token (the list shows the token under it). */
  amountMismatch: z.boolean(),
  /** The PLI/USD price in force at the payment's block, null when unpaid or no price was kept (no PRICE_FEED_ADDRESS). */
  paidPrice: priceSchema.nullable(),
  /** What the chain paid, in USD at paidPrice (rounded to the cent half up); null with it. */
  paidUsd: usdSchema.nullable(),
  /** YYYY-MM-DD, or ~ once past (spec 2). */
  nextPaymentDate: z.string(),
  /** YYYY-MM-DD: when the payment is due (the date plus 30 days), kept once past, for the incentive's own page. */
  paymentDue: z.string(),
  /** The stake position the row accrued on: its _id (0x<wallet>-0x<node>) and the chain's status now. */
  stake: z.object({
    stakeNo: z.string(),
    status: z.enum([STAKE_STATUS.stake, STAKE_STATUS.unlock, STAKE_STATUS.withdraw]).nullable(),
  }),
  user: z.object({ walletAddress: z.string(), email: z.string() }),
  createdAt: z.string(),
});
export type IncentiveResponse = z.infer<typeof incentiveResponseSchema>;

const totalSchema = z.object({ count: z.number().int(), token: wei });
/**
 * The admin's cards: every incentive, the paid and the unpaid ones (count and wei), the reward pool and the
 * discrepancies.
 */
export const incentiveSummarySchema = z.object({
  total: totalSchema,
  paid: totalSchema,
  unPaid: totalSchema,
  /** The StakingRewards reward pool as indexed from the chain, wei. */
  rewardBalance: wei,
  discrepancies: z.number().int(),
});
export type IncentiveSummary = z.infer<typeof incentiveSummarySchema>;

/**
 * A payment the chain made that does not agree with the incentives: `amount` (paid another amount than
 * the row with its key) or `unmatched` (no row has its wallet, node and date key).
 */
export const discrepancySchema = z.object({
  kind: z.enum(["amount", "unmatched"]),
  incentiveId: z.string().nullable(),
  walletAddress: z.string(),
  nodeAddress: z.string(),
  date: z.string(),
  dateKey: z.number().int(),
  /** The row's token, null for an unmatched payment. */
  expected: wei.nullable(),
  paid: wei,
  tnxHash: z.string(),
  paidDate: z.string(),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

/** One payRewards(wallets, amounts, dates, nodes) call of a payout, with its rows and total (wei as text). */
export const payoutBatchSchema = z.object({
  ids: z.array(z.string()),
  wallets: z.array(z.string()),
  amounts: z.array(wei),
  dates: z.array(z.number().int()),
  nodes: z.array(z.string()),
  total: wei,
});
export const payoutPlanResponseSchema = z.object({
  /** Names the plan's reserved rows, to give back those not sent (POST /api/incentive/payout/release). */
  planId: z.uuid(),
  total: wei,
  rewardBalance: wei,
  batches: z.array(payoutBatchSchema),
});

export const payoutReleaseResponseSchema = z.object({
  /** How many of the rows were held by the plan and are free again. */
  released: z.number().int(),
});

export const payoutHintResponseSchema = z.object({
  message: z.string(),
  /** The selected rows as they are now, paid by this transaction or not. */
  data: z.array(incentiveResponseSchema),
  /** The selected rows this transaction paid. */
  paid: z.array(z.string()),
});

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const INCENTIVE_CONTRACT = featureContract({ incentive: INCENTIVE_PATHS }, INCENTIVE_MESSAGES);
