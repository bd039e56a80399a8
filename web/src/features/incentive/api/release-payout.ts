import { api, ok } from "@/shared/api/http";

/**
 * POST /api/incentive/payout/release: gives back the rows `ids` of the plan `planId` that Pay Now did not send, so that
 * they can be planned again at once instead of after the plan's reservation ends.
 */
export const releasePayout = (planId: string, ids: string[]) =>
  ok(api.incentive.payout.release.$post({ json: { planId, ids } }));
