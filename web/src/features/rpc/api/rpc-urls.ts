import { API, type Paged, type RpcUrlInput, type RpcUrlResponse } from "@pli/api/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http";
import { listQuery, type ListParams } from "../../../shared/lists/list-params";
import { hasId, jsonStore } from "../../../shared/session/json-store";
import { SIGNED_IN_RECORDS } from "../../../shared/session/token-store";

const rpcUrlsKey = ["rpc-urls"] as const;

export const rpcUrlsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: [...rpcUrlsKey, params],
    queryFn: () => http<Paged<RpcUrlResponse>>("GET", `${API.rpcurl.root}?${listQuery(params)}`),
    placeholderData: keepPreviousData,
  });

export const useRpcUrls = (params: ListParams) => useQuery(rpcUrlsQueryOptions(params));

type Saved = { message: string; data: RpcUrlResponse };

/** Add, edit and delete; each refreshes every RPC list on success. */
export function useRpcUrlMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: rpcUrlsKey });
  return {
    add: useMutation({ mutationFn: (input: RpcUrlInput) => http<Saved>("POST", `${API.rpcurl.root}/`, input), onSuccess }),
    edit: useMutation({ mutationFn: (input: RpcUrlInput & { _id: string }) => http<Saved>("POST", API.rpcurl.edit, input), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => http<{ message: string }>("POST", API.rpcurl.delete, { id }), onSuccess }),
  };
}

/** The record being edited travels in local storage under `editrpc` (spec section 2). */
export const editRpcStore = jsonStore<RpcUrlResponse>(() => localStorage, SIGNED_IN_RECORDS.editRpc, hasId);
