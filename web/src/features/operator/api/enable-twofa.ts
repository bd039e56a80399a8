import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok, renewSession } from "@/shared/api/http";
import { sessionKeys } from "@/shared/session/me";
import { useSession } from "@/shared/session/session-provider";

/** Turns 2FA on with a code from the authenticator app; the operator's record refreshes. */
export const enableTwofa = (otp: string) => renewSession(ok(api.user["2fa"].enable.$post({ json: { otp } })));

/** The change ends the operator's earlier sessions: the app carries on with the token it answers. */
export function useEnableTwofa() {
  const queryClient = useQueryClient();
  const { signIn } = useSession();
  return useMutation({
    mutationFn: enableTwofa,
    onSuccess: ({ token }) => {
      signIn(token);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
