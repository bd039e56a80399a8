import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import type { ListParams } from "@/shared/lists/list-params";
import { jobKeys } from "./keys";
import { liveMeta } from "@/shared/live/live-store";

export const getJobRequests = ({ page, limit, q }: ListParams) =>
  ok(api.job.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

export const jobRequestsQueryOptions = (params: ListParams) =>
  queryOptions({
    meta: liveMeta("job"),
    queryKey: jobKeys.requests(params),
    queryFn: () => getJobRequests(params),
    placeholderData: keepPreviousData,
  });

/** A page of every operator's jobs, for the admin's 'Job Requests'. */
export const useJobRequests = (params: ListParams) => useQuery(jobRequestsQueryOptions(params));
