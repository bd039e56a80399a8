import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

/** Sends the sign-in attempt's code again (rate-limited by the server). */
export const resendOtp = (input: { _id: string }) => ok(api.admin.resendemailotp.$post({ json: input }));

export const useResendOtp = () => useMutation({ mutationFn: resendOtp });
