import { api, ok } from "@/shared/api/http";

/**
 * POST /api/incentive/update: tells the API that `tnxHash` paid the rows `ids`. Only a hint: the API
 * answers the rows as the indexed chain shows them (404 unknown hash, 409 failed or not indexed yet)
 * and, in `paid`, which of them this transaction paid.
 */
export const sendPayoutHint = (tnxHash: string, ids: string[]) =>
  ok(api.incentive.update.$post({ json: { tnxHash, selectedArray: ids.map((_id) => ({ _id })) } }));
