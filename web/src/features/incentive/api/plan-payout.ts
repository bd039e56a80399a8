import { api, ok } from "@/shared/api/http";

/**
 * POST /api/incentive/payout: Pay Now's plan for the selected rows, payRewards batches that fit a
 * block with the rows' own amounts; refused (409) for a paid or zero row and when the reward pool is short.
 */
export const planPayout = (ids: string[]) => ok(api.incentive.payout.$post({ json: { ids } }));

export type PayoutPlan = Awaited<ReturnType<typeof planPayout>>;
export type PlannedBatch = PayoutPlan["batches"][number];
