import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

export const useAdminLogin = () => useMutation({ mutationFn: (input: { email: string; password: string }) => ok(api.admin.login.$post({ json: input })) });

export const useVerifyOtp = () => useMutation({ mutationFn: (input: { _id: string; otp: string }) => ok(api.admin.verifyotp.$post({ json: input })) });

export const useResendOtp = () => useMutation({ mutationFn: (input: { _id: string }) => ok(api.admin.resendemailotp.$post({ json: input })) });
