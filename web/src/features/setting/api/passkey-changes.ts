import type { deletePasskeySchema, emailCodeFallbackSchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ok, renewSession } from "@/shared/api/http";
import { settingsKeys } from "./keys";

export const renamePasskey = (input: { _id: string; name: string }) =>
  ok(api.admin.passkey.rename.$post({ json: input }));
/** Deletes a passkey; the admin's password comes with it. The admin's other sessions end; this one goes on. */
export const deletePasskey = (input: z.output<typeof deletePasskeySchema>) =>
  renewSession(ok(api.admin.passkey.delete.$post({ json: input })));
/** Switches the emailed code on, or off with the admin's password. */
export const switchEmailCodeFallback = (input: z.output<typeof emailCodeFallbackSchema>) =>
  ok(api.admin.passkey.fallback.$post({ json: input }));

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
