import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { stakeKeys } from "./keys";

export const sendStakeRequest = (nodeId: string) => ok(api.request.$post({ json: { nodeId } }));

/** Opens a Pending request to stake on the node ('Request Initiated Successfully'). */
export function useSendStakeRequest(nodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendStakeRequest(nodeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stakeKeys.request(nodeId) }),
  });
}
