import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { sessionKeys } from "@/shared/session/me";

/** Turns 2FA on with a code from the authenticator app; the operator's record refreshes. */
export const enableTwofa = (otp: string) => ok(api.user["2fa"].enable.$post({ json: { otp } }));

export function useEnableTwofa() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableTwofa, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }) });
}
