import { startAuthentication } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

/**
 * The passkey step of a sign-in attempt: the server's options, the browser's passkey prompt, then the
 * signed answer; answers the session token.
 */
export async function signInWithPasskey(attemptId: string) {
  const { options } = await ok(api.admin.passkey.signin.options.$post({ json: { _id: attemptId } }));
  const response = await startAuthentication({ optionsJSON: options });
  return ok(api.admin.passkey.signin.$post({ json: { _id: attemptId, response } }));
}

export const useSignInWithPasskey = () => useMutation({ mutationFn: signInWithPasskey });
