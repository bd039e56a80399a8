import { hintedOnceIndexed } from "@/chain/indexed-block";
import { api, ok } from "@/shared/api/http";

/** An `indexed` check for the reward deposit: records in the audit trail that the admin sent it through the portal. */
export const recordRewardDeposit = hintedOnceIndexed((tnxHash) =>
  ok(api.incentive.deposit.$post({ json: { tnxHash } })),
);
