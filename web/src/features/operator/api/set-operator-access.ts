import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { operatorKeys } from "./keys";

/** Disables an operator (their sessions end, sign-in is refused) or enables them again. */
export const setOperatorAccess = (input: { _id: string; enabled: boolean }) =>
  ok(api.user.access.$post({ json: input }));

/** The change shows in every page of the operator list. */
export function useSetOperatorAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOperatorAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
