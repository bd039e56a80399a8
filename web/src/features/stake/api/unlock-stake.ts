import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { adminStakeKeys } from "./keys";

/**
 * POST /api/stake/tokenunlock: after unlock(wallet, node) is indexed, the API answers the position as Unlock (409
 * before).
 */
export const confirmUnlock = (stakeId: string) => ok(api.stake.tokenunlock.$post({ json: { _id: stakeId } }));

export function useConfirmUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmUnlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStakeKeys.all }),
  });
}
