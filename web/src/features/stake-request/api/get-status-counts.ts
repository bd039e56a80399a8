import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { stakeRequestKeys } from "./keys";
import { liveMeta } from "@/shared/live/live-store";

export const getStatusCounts = () => ok(api.request.getstatuscount.$get());

export const statusCountsQueryOptions = () =>
  queryOptions({ meta: liveMeta("request"), queryKey: stakeRequestKeys.counts(), queryFn: getStatusCounts });

/** The number of requests in each status (every status listed, zero included). */
export const useStatusCounts = () => useQuery(statusCountsQueryOptions());
