import { API } from "@pli/api/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "@/shared/api/http";
import { meQueryOptions } from "@/shared/session/me";

export function useTwofa() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  return {
    setup: useMutation({ mutationFn: () => http<{ secret: string; otpauthUri: string }>("POST", API.user.twofaSetup) }),
    enable: useMutation({ mutationFn: (otp: string) => http<{ message: string }>("POST", API.user.twofaEnable, { otp }), onSuccess }),
    disable: useMutation({ mutationFn: (otp: string) => http<{ message: string }>("POST", API.user.twofaDisable, { otp }), onSuccess }),
  };
}
