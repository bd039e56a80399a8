import type { passwordUpdateSchema } from "@pli/api/public-contract";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ok, renewSession } from "@/shared/api/http";
import { useSession } from "@/shared/session/session-provider";

/**
 * Changes the signed-in admin's password (the current one, then password and password2; the server checks all three).
 */
export const updatePassword = (input: z.output<typeof passwordUpdateSchema>) =>
  renewSession(ok(api.admin.update.$post({ json: input })));

/** The change ends the admin's earlier sessions; this page carries on with the token it answers. */
export function useUpdatePassword() {
  const { signIn } = useSession();
  return useMutation({ mutationFn: updatePassword, onSuccess: ({ token }) => signIn(token) });
}
