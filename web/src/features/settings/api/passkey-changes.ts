import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { settingsKeys } from "./keys";

export const renamePasskey = (input: { _id: string; name: string }) => ok(api.admin.passkey.rename.$post({ json: input }));
export const deletePasskey = (id: string) => ok(api.admin.passkey.delete.$post({ json: { id } }));
export const switchEmailCodeFallback = (enabled: boolean) => ok(api.admin.passkey.fallback.$post({ json: { enabled } }));

/** Renames or deletes a passkey, or switches the emailed code; the passkey list refreshes. */
export function usePasskeyChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys });
  return {
    rename: useMutation({ mutationFn: renamePasskey, onSettled }),
    remove: useMutation({ mutationFn: deletePasskey, onSettled }),
    fallback: useMutation({ mutationFn: switchEmailCodeFallback, onSettled }),
  };
}
