import { z } from "zod";
import { INCENTIVE_STATUSES } from "../incentive/schema.ts";
import { uncheckedCountsSchema } from "../unchecked/schema.ts";
import { featureContract } from "../public-contract/feature.ts";
import { dashboardUsdSchema } from "../price/schema.ts";

export const DASHBOARD_PATHS = {
  user: "/api/user/dashboard",
  admin: "/api/admin/dashboard",
  needsAction: "/api/admin/needs-action",
} as const;

/**
 * What waits on an admin, each a count of one filtered list: nodes, jobs and stake requests awaiting review, unpaid
 * incentives whose payment date has come, chain activity nobody marked reviewed, and open tickets (an operator wrote
 * last: a reply from the team makes a ticket Answered).
 */
export const needsActionSchema = z.object({
  pendingNodes: z.number().int(),
  pendingJobs: z.number().int(),
  pendingStakeRequests: z.number().int(),
  dueIncentives: z.number().int(),
  uncheckedActivity: z.number().int(),
  ticketsAwaitingReply: z.number().int(),
});
export type NeedsAction = z.infer<typeof needsActionSchema>;

/**
 * Recent rows each dashboard lists, and the months its charts cover: up to the current one, or up to the latest month
 * with data when that lies outside them.
 */
export const DASHBOARD_LIMITS = { recent: 5, chartMonths: 12 } as const;

/** A wei amount as decimal text. */
const wei = z.string().regex(/^\d+$/);
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** A stake event as the dashboards list it (spec 3: user.walletAddress, date, totalStake). */
export const dashboardTransactionSchema = z.object({
  _id: z.string(),
  user: z.object({ walletAddress: z.string() }),
  nodeAddress: z.string(),
  kind: z.enum(["stake", "topup", "unlock", "unstake"]),
  /** The event's amount, wei. */
  totalStake: wei,
  tnxHash: z.string(),
  date: z.string(),
});

/** An incentive as the dashboards list it (spec 3: user.walletAddress, date, status, token). */
export const dashboardIncentiveSchema = z.object({
  _id: z.string(),
  user: z.object({ walletAddress: z.string() }),
  nodeAddress: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  status: z.enum(INCENTIVE_STATUSES),
  /** For a Paid row what the chain paid (which may differ from the accrued token), for an UnPaid one its token. */
  token: wei,
});

const charts = z.object({
  /** The stake held in Stake or Unlock at each month's end, wei. */
  stake: z.array(z.object({ month, total: wei })),
  /** Incentives by the month they were earned (the month before their date): accrued and, of that, what the chain paid. */
  incentives: z.array(z.object({ month, accrued: wei, paid: wei })),
  /** What the chain paid out in each month (reward payments by block time), wei. */
  payouts: z.array(z.object({ month, amount: wei })),
});

const common = {
  /** The stake in Stake or Unlock on the chain, wei. */
  tillStake: wei,
  /** The latest stake or top-up, ISO time; null without any. */
  lastStakedDate: z.string().nullable(),
  transactionList: z.array(dashboardTransactionSchema),
  incentiveList: z.array(dashboardIncentiveSchema),
  /** Every incentive summed per status (the incentive overview: total, paid and unpaid). */
  incentiveListAll: z.array(z.object({ status: z.enum(INCENTIVE_STATUSES), count: z.number().int(), token: wei })),
  charts,
  /** USD beside the PLI totals (paid this year, unpaid, staked); null without PRICE_FEED_ADDRESS. */
  usd: dashboardUsdSchema.nullable(),
};

/** Where the operator is on the way to a first stake (the dashboard shows the path until they have staked). */
export const firstStepsSchema = z.object({
  nodeAdded: z.boolean(),
  /** A node is Approved or Active: a stake may be requested for it. */
  nodeApproved: z.boolean(),
  /** A stake request that is not Rejected. */
  stakeRequested: z.boolean(),
  requestApproved: z.boolean(),
  /** Any stake event of the wallet on the chain. */
  staked: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;

/** GET /api/user/dashboard: the operator's own (spec 3's operator dashboard response). */
export const operatorDashboardSchema = z.object({
  ...common,
  firstSteps: firstStepsSchema,
  /** The operator's nodes that stopped answering the monitor (node rules' stoppedAnswering), newest first. */
  stoppedNodes: z.array(z.object({ _id: z.string(), name: z.string(), lastAnsweredAt: z.string().nullable() })),
  count: z.object({ tnxCount: z.number().int(), incentiveCount: z.number().int() }),
});
export type OperatorDashboard = z.infer<typeof operatorDashboardSchema>;

/** GET /api/admin/dashboard: everybody's (spec 3's dashboard response). */
export const adminDashboardSchema = z.object({
  ...common,
  count: z.object({
    tnxCount: z.number().int(),
    incentiveCount: z.number().int(),
    requestCount: z.number().int(),
    userCount: z.number().int(),
    totalNodeCount: z.number().int(),
    activeNodeCount: z.number().int(),
    inactiveNodeCount: z.number().int(),
  }),
  /** Chain activity the contract does not check, counted per kind (listed at GET /api/unchecked). */
  unchecked: uncheckedCountsSchema,
});

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const DASHBOARD_CONTRACT = featureContract({ dashboard: DASHBOARD_PATHS });
