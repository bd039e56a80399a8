import { API } from "@pli/api/contract";
import { useMutation } from "@tanstack/react-query";
import { http } from "@/shared/api/http";
import type { RegisterDetail } from "@/shared/session/token-store";

export const useAdminLogin = () =>
  useMutation({ mutationFn: (input: { email: string; password: string }) => http<{ registerDetail: RegisterDetail }>("POST", API.admin.login, input) });

export const useVerifyOtp = () => useMutation({ mutationFn: (input: { _id: string; otp: string }) => http<{ token: string }>("POST", API.admin.verifyOtp, input) });

export const useResendOtp = () => useMutation({ mutationFn: (input: { _id: string }) => http<{ message: string }>("POST", API.admin.resendOtp, input) });
