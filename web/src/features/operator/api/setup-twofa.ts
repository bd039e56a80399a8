import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

/** Starts 2FA enrolment: a fresh secret and its otpauth URI (for the QR code). */
export const setupTwofa = () => ok(api.user["2fa"].setup.$post());

export const useSetupTwofa = () => useMutation({ mutationFn: setupTwofa });
