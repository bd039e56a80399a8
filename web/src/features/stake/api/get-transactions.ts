import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { ListParams } from "@/shared/lists/list-params";
import { stakeKeys } from "./keys";

export const getTransactions = ({ page, limit, q }: ListParams) =>
  ok(api.stake.transactions.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

export const transactionsQueryOptions = (params: ListParams) =>
  queryOptions({
    meta: liveMeta("stake"),
    queryKey: stakeKeys.transactions(params),
    queryFn: () => getTransactions(params),
    placeholderData: keepPreviousData,
  });

/** A page of the operator's stake, top-up, unlock and unstake events, newest first; q searches the hash. */
export const useTransactions = (params: ListParams) => useQuery(transactionsQueryOptions(params));
