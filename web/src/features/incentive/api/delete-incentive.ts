import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { incentiveKeys } from "./keys";

/** POST /api/incentive/delete: an UnPaid incentive only (a paid one is a fact of the chain, 409). */
export const deleteIncentive = (id: string) => ok(api.incentive.delete.$post({ json: { id } }));

export function useDeleteIncentive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIncentive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incentiveKeys.all }),
  });
}
