import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { jobKeys } from "./keys";

/** The chips' counts beside 'Search by status': jobs per review status, one node's or (for an admin) all. */
export const useJobStatusCounts = (nodeId?: string) =>
  useQuery(
    queryOptions({
      meta: liveMeta("job"),
      queryKey: jobKeys.statusCounts(nodeId),
      queryFn: () => ok(api.job["status-counts"].$get({ query: nodeId ? { nodeId } : {} })),
    }),
  );
