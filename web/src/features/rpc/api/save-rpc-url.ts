import { API, type RpcUrlInput, type RpcUrlResponse } from "@pli/api/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "@/shared/api/http";
import { rpcKeys } from "./keys";

type Saved = { message: string; data: RpcUrlResponse };

export const addRpcUrl = (input: RpcUrlInput) => http<Saved>("POST", `${API.rpcurl.root}/`, input);
export const editRpcUrl = (input: RpcUrlInput & { _id: string }) => http<Saved>("POST", API.rpcurl.edit, input);

/** Adds an RPC URL; every RPC list refreshes. */
export function useAddRpcUrl() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addRpcUrl, onSuccess: () => queryClient.invalidateQueries({ queryKey: rpcKeys.all }) });
}

/** Edits an RPC URL (its owner or an admin); every RPC list refreshes. */
export function useEditRpcUrl() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editRpcUrl, onSuccess: () => queryClient.invalidateQueries({ queryKey: rpcKeys.all }) });
}
