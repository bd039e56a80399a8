import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { LIMITS } from "@pli/api/public-contract";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";

export const uncheckedKeys = { all: ["unchecked"] as const, page: (page: number) => ["unchecked", page] as const };

export const getUnchecked = (page: number) =>
  ok(api.unchecked.$get({ query: { page: String(page), limit: String(LIMITS.pageSize) } }));

/** Stakes, limit changes and request reviews change what is listed: their live events refresh it. */
export const uncheckedQueryOptions = (page: number) =>
  queryOptions({
    meta: liveMeta("stake", "limits", "request"),
    queryKey: uncheckedKeys.page(page),
    queryFn: () => getUnchecked(page),
    placeholderData: keepPreviousData,
  });

/** Chain activity the contract does not check (GET /api/unchecked), newest first, with every kind's count. */
export const useUnchecked = (page: number) => useQuery(uncheckedQueryOptions(page));
