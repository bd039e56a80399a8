import type { ListParams } from "@/shared/lists/list-params";

const all = ["stake"] as const;

/**
 * Query keys of the staking feature. They sit under ["stake"] with the shared stake totals
 * (totalStakedKeys), so invalidating `all` refreshes every total, request, node and list of the feature.
 */
export const stakingKeys = {
  all,
  node: (nodeId: string) => [...all, "node", nodeId] as const,
  request: (nodeId: string) => [...all, "request", nodeId] as const,
  transactions: (params: ListParams) => [...all, "transactions", params] as const,
  positions: [...all, "positions"] as const,
};
