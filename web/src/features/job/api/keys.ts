import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the job feature: invalidating `all` refreshes every job list. */
export const jobKeys = {
  all: ["jobs"] as const,
  byNode: (nodeId: string, params: ListParams) => [...jobKeys.all, "node", nodeId, params] as const,
  requests: (params: ListParams) => [...jobKeys.all, "requests", params] as const,
  categories: ["job-categories"] as const,
  statusCounts: (nodeId: string | undefined) => [...jobKeys.all, "status-counts", nodeId ?? "all"] as const,
};
