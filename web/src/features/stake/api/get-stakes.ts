import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { ListParams } from "@/shared/lists/list-params";
import { adminStakeKeys } from "./keys";

export const getStakes = ({ page, limit, q }: ListParams) =>
  ok(api.stake.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

/** Positions are the chain's: stake events refresh the list. */
export const stakesQueryOptions = (params: ListParams) =>
  queryOptions({
    meta: liveMeta("stake"),
    queryKey: adminStakeKeys.list(params),
    queryFn: () => getStakes(params),
    placeholderData: keepPreviousData,
  });

/** A page of every stake position with its events, for the admin's 'Stake Lists'. */
export const useStakes = (params: ListParams) => useQuery(stakesQueryOptions(params));
