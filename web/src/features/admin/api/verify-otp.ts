import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

/** The emailed one-time code of a sign-in attempt; answers the session token. */
export const verifyOtp = (input: { _id: string; otp: string }) => ok(api.admin.verifyotp.$post({ json: input }));

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
