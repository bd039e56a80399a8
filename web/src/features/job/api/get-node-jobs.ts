import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import type { JobStatus } from "@pli/api/public-contract";
import type { StatusListParams } from "@/shared/lists/list-params";
import { jobKeys } from "./keys";
import { liveMeta } from "@/shared/live/live-store";

export const getNodeJobs = (nodeId: string, { page, limit, q, status }: StatusListParams) =>
  ok(
    api.job.getbynodeid.$post({
      query: {
        page: String(page),
        limit: String(limit),
        ...(q ? { q } : {}),
        ...(status ? { status: status as JobStatus } : {}),
      },
      json: { id: nodeId },
    }),
  );

export const nodeJobsQueryOptions = (nodeId: string, params: StatusListParams) =>
  queryOptions({
    meta: liveMeta("job"),
    queryKey: jobKeys.byNode(nodeId, params),
    queryFn: () => getNodeJobs(nodeId, params),
    placeholderData: keepPreviousData,
  });

/** A page of one node's jobs (the operator's own node); q searches the status, status keeps one review status. */
export const useNodeJobs = (nodeId: string, params: StatusListParams) => useQuery(nodeJobsQueryOptions(nodeId, params));
