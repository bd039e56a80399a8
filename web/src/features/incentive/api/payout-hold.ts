import { api, ok } from "@/shared/api/http";

/**
 * POST /api/incentive/payout/release: gives back the rows `ids` of the plan `planId` that Pay Now did not send, so that
 * they can be planned again at once instead of after the plan's reservation ends.
 */
export const releasePayout = (planId: string, ids: string[]) =>
  ok(api.incentive.payout.release.$post({ json: { planId, ids } }));

/**
 * POST /api/incentive/payout/renew: before a batch is sent, its rows are held longer for the plan; refused (409) when
 * another plan holds one of them, and the batch is then not sent.
 */
export const renewPayoutHold = (planId: string, ids: string[]) =>
  ok(api.incentive.payout.renew.$post({ json: { planId, ids } }));
