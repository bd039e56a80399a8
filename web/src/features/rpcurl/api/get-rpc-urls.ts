import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import type { ListParams } from "@/shared/lists/list-params";
import { rpcKeys } from "./keys";

export const getRpcUrls = ({ page, limit, q }: ListParams) =>
  ok(api.rpcurl.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

export const rpcUrlsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: rpcKeys.list(params),
    queryFn: () => getRpcUrls(params),
    placeholderData: keepPreviousData,
  });

/** A page of RPC URLs: the operator's own, or every record for an admin. */
export const useRpcUrls = (params: ListParams) => useQuery(rpcUrlsQueryOptions(params));
