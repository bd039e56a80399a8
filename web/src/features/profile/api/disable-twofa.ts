import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { sessionKeys } from "@/shared/session/me";

/** Turns 2FA off with a current code; the operator's record refreshes (and the 2FA gate applies again). */
export const disableTwofa = (otp: string) => ok(api.user["2fa"].disable.$post({ json: { otp } }));

export function useDisableTwofa() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwofa, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }) });
}
