import type { addPasskeyFormSchema } from "@pli/api/public-contract";
import { startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ok } from "@/shared/api/http";
import { settingsKeys } from "./keys";

/**
 * The server's options (handed out after the admin's password), the browser's prompt to create a
 * passkey, then the attestation kept under `name`.
 */
export async function addPasskey({ name, password }: z.output<typeof addPasskeyFormSchema>) {
  const { options } = await ok(api.admin.passkey.register.options.$post({ json: { password } }));
  const response = await startRegistration({ optionsJSON: options });
  return ok(api.admin.passkey.register.$post({ json: { name, response } }));
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys }),
  });
}
