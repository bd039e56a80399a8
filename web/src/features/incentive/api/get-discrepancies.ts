import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { LIMITS } from "@pli/api/public-contract";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { incentiveKeys } from "./keys";

export const getDiscrepancies = (page: number) =>
  ok(api.incentive.discrepancies.$get({ query: { page: String(page), limit: String(LIMITS.pageSize) } }));

export const discrepanciesQueryOptions = (page: number) =>
  queryOptions({
    meta: liveMeta("reward"),
    queryKey: incentiveKeys.discrepancies(page),
    queryFn: () => getDiscrepancies(page),
    placeholderData: keepPreviousData,
  });

/**
 * Payments on the chain that disagree with the incentives (another amount, or no such row), latest first; asked only
 * when there are some.
 */
export const useDiscrepancies = (page: number, enabled: boolean) =>
  useQuery({ ...discrepanciesQueryOptions(page), enabled });
