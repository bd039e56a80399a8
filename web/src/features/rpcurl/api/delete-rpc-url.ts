import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { rpcKeys } from "./keys";

export const deleteRpcUrl = (id: string) => ok(api.rpcurl.delete.$post({ json: { id } }));

/** Deletes an RPC URL (its owner or an admin); every RPC list refreshes. */
export function useDeleteRpcUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRpcUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rpcKeys.all }),
  });
}
