import type { ListParams } from "@/shared/lists/list-params";

const all = ["stake"] as const;

/**
 * Query keys of the operator's stake screens. They sit under ["stake"] with the shared stake totals
 * (totalStakedKeys), so invalidating `all` refreshes every total, request, node and list of the operator.
 */
export const stakeKeys = {
  all,
  node: (nodeId: string) => [...all, "node", nodeId] as const,
  request: (nodeId: string) => [...all, "request", nodeId] as const,
  transactions: (params: ListParams) => [...all, "transactions", params] as const,
  positions: [...all, "positions"] as const,
};

/** Query keys of the admin's stake lists: invalidating `all` refreshes the list and every position. */
export const adminStakeKeys = {
  all: ["stakes"] as const,
  list: (params: ListParams) => [...adminStakeKeys.all, "list", params] as const,
  detail: (id: string) => [...adminStakeKeys.all, "detail", id] as const,
};
