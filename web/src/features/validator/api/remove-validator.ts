import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { validatorKeys } from "./keys";

/** POST /api/validator/delete: the wallet can no longer sign in, and its sessions end at once. */
export const removeValidator = (walletAddress: string) => ok(api.validator.delete.$post({ json: { walletAddress } }));

export function useRemoveValidator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeValidator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validatorKeys.all }),
  });
}
