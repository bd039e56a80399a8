import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok, renewSession } from "@/shared/api/http";
import { sessionKeys } from "@/shared/session/me";
import { useSession } from "@/shared/session/session-provider";

/** Turns 2FA off with a current code; the operator's record refreshes (and the 2FA gate applies again). */
export const disableTwofa = (otp: string) => renewSession(ok(api.user["2fa"].disable.$post({ json: { otp } })));

/** The change ends the operator's earlier sessions: the app carries on with the token it answers. */
export function useDisableTwofa() {
  const queryClient = useQueryClient();
  const { signIn } = useSession();
  return useMutation({
    mutationFn: disableTwofa,
    onSuccess: ({ token }) => {
      signIn(token);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
