import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { nodeKeys } from "./keys";

export const deleteNode = (id: string) => ok(api.nodesetting.delete.$post({ json: { id } }));

/** Deletes a node (admin); every node list refreshes. */
export function useDeleteNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
