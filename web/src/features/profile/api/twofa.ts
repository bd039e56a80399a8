import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { meQueryOptions } from "@/shared/session/me";

/** 2FA set-up, enable and disable; enabling or disabling refreshes the operator's record. */
export function useTwofa() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  return {
    setup: useMutation({ mutationFn: () => ok(api.user["2fa"].setup.$post()) }),
    enable: useMutation({ mutationFn: (otp: string) => ok(api.user["2fa"].enable.$post({ json: { otp } })), onSuccess }),
    disable: useMutation({ mutationFn: (otp: string) => ok(api.user["2fa"].disable.$post({ json: { otp } })), onSuccess }),
  };
}
