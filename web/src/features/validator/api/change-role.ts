import type { UserRole } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { validatorKeys } from "./keys";

/** POST /api/validator/role: the operator has the new role at once, in the sessions already open too. */
export const changeValidatorRole = (body: { walletAddress: string; userRole: UserRole }) =>
  ok(api.validator.role.$post({ json: body }));

export function useChangeValidatorRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeValidatorRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validatorKeys.all }),
  });
}
