import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import type { JobStatus } from "@pli/api/public-contract";
import type { StatusListParams } from "@/shared/lists/list-params";
import { jobKeys } from "./keys";
import { liveMeta } from "@/shared/live/live-store";

export const getJobRequests = ({ page, limit, q, status }: StatusListParams) =>
  ok(
    api.job.$get({
      query: {
        page: String(page),
        limit: String(limit),
        ...(q ? { q } : {}),
        ...(status ? { status: status as JobStatus } : {}),
      },
    }),
  );

export const jobRequestsQueryOptions = (params: StatusListParams) =>
  queryOptions({
    meta: liveMeta("job"),
    queryKey: jobKeys.requests(params),
    queryFn: () => getJobRequests(params),
    placeholderData: keepPreviousData,
  });

/** A page of every operator's jobs, for the admin's 'Job Requests'. */
export const useJobRequests = (params: StatusListParams) => useQuery(jobRequestsQueryOptions(params));
