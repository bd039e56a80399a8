import { API, type Paged, type RpcUrlResponse } from "@pli/api/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "@/shared/api/http";
import { listQuery, type ListParams } from "@/shared/lists/list-params";
import { rpcKeys } from "./keys";

export const getRpcUrls = (params: ListParams) => http<Paged<RpcUrlResponse>>("GET", `${API.rpcurl.root}?${listQuery(params)}`);

export const rpcUrlsQueryOptions = (params: ListParams) => queryOptions({ queryKey: rpcKeys.list(params), queryFn: () => getRpcUrls(params), placeholderData: keepPreviousData });

/** A page of RPC URLs: the operator's own, or every record for an admin. */
export const useRpcUrls = (params: ListParams) => useQuery(rpcUrlsQueryOptions(params));
