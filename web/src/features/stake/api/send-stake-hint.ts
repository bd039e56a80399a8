import type { Hex } from "viem";
import { api, ok } from "@/shared/api/http";

/**
 * Tells the API which transaction staked on the node. Only a hint: the API answers the position as
 * the indexed chain shows it, and the amount is never sent.
 */
export const sendStakeHint = (nodeId: string, tnxHash: Hex) => ok(api.stake.$post({ json: { nodeId, tnxHash } }));
