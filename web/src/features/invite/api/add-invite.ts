import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { inviteKeys } from "./keys";

/** POST /api/invite: invites one email. */
export const addInvite = (body: { email: string }) => ok(api.invite.$post({ json: body }));

export function useAddInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
