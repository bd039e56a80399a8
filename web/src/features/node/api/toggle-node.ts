import type { ToggleStatus } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { nodeKeys } from "./keys";

export const toggleNode = ({ _id, status }: { _id: string; status: ToggleStatus }) =>
  ok(api.nodesetting.deactivate.$post({ json: { _id, status } }));

/** Make De-Active / Make Active (the owner or an admin); every node list refreshes. */
export function useToggleNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
