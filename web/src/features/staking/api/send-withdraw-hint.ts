import type { Hex } from "viem";
import { api, ok } from "@/shared/api/http";

/** Tells the API which transaction withdrew the position `_id`; answered once the chain's unstake is indexed. */
export const sendWithdrawHint = (_id: string, transactionHash: Hex) => ok(api.stake.tokenwithdraw.$post({ json: { _id, transactionHash } }));
