import type { NodeTab } from "@pli/api/public-contract";
import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the node feature: invalidating `all` refreshes every node list, node and modal. */
export const nodeKeys = {
  all: ["nodes"] as const,
  list: (params: ListParams) => [...nodeKeys.all, "list", params] as const,
  requests: (tab: NodeTab, params: ListParams) => [...nodeKeys.all, "requests", tab, params] as const,
  detail: (id: string) => [...nodeKeys.all, "detail", id] as const,
  reputation: (id: string) => [...nodeKeys.all, "reputation", id] as const,
  inactiveDates: (id: string) => [...nodeKeys.all, "inactive-dates", id] as const,
};
