import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { incentiveKeys } from "./keys";

export const getIncentive = (incentiveId: string) =>
  ok(api.incentive.getIncentiveByID.$get({ query: { incentiveId } }));

export const incentiveQueryOptions = (id: string) =>
  queryOptions({
    meta: liveMeta("reward"),
    queryKey: incentiveKeys.detail(id),
    queryFn: () => getIncentive(id),
    staleTime: 0,
  });

/** One incentive as the list shows it: the admin's view, or the operator's own incentive page. */
export const useIncentive = (id: string | null) =>
  useQuery({ ...incentiveQueryOptions(id ?? ""), enabled: Boolean(id) });
