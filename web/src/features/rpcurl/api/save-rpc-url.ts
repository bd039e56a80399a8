import type { RpcUrlInput } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { rpcKeys } from "./keys";

export const addRpcUrl = (input: RpcUrlInput) => ok(api.rpcurl.$post({ json: input }));
export const editRpcUrl = (input: RpcUrlInput & { _id: string }) => ok(api.rpcurl.edit.$post({ json: input }));

/** Adds an RPC URL; every RPC list refreshes. */
export function useAddRpcUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRpcUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rpcKeys.all }),
  });
}

/** Edits an RPC URL (its owner or an admin); every RPC list refreshes. */
export function useEditRpcUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editRpcUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rpcKeys.all }),
  });
}
