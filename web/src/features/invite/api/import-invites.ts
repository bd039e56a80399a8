import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { inviteKeys } from "./keys";

/** POST /api/invite/import: every email saved (those already invited kept), or none and the errors per row. */
export const importInvites = (rows: Record<string, string>[]) => ok(api.invite.import.$post({ json: { rows } }));

export function useImportInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importInvites,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
