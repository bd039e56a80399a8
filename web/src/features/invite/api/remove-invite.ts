import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { inviteKeys } from "./keys";

/** POST /api/invite/delete: removes one invite. */
export const removeInvite = (id: string) => ok(api.invite.delete.$post({ json: { id } }));

export function useRemoveInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
