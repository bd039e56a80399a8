import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { incentiveKeys } from "./keys";

export const getIncentiveSummary = () => ok(api.incentive.summary.$get());

/**
 * The admin's cards: all, paid and unpaid incentives (count and wei), the indexed reward pool and the discrepancies.
 */
export const incentiveSummaryQueryOptions = () =>
  queryOptions({
    meta: liveMeta("reward"),
    queryKey: incentiveKeys.summary(),
    queryFn: getIncentiveSummary,
    staleTime: 0,
  });

export const useIncentiveSummary = () => useQuery(incentiveSummaryQueryOptions());
