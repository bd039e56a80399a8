import { COMMON_MESSAGES, OPERATOR_MESSAGES } from "@pli/api/public-contract/constants";
import { useCallback, useState } from "react";
import type { Address, Hex } from "viem";
import { useSignMessage } from "wagmi";
import { isWalletRejection } from "@/chain/wallet-rejection";
import { HttpError } from "@/shared/api/http";
import { getSiweMessage } from "./get-siwe-message";
import { operatorLogin } from "./operator-login";

export type SignInStep = "idle" | "signing" | "otp" | "verifying" | "done";
export type SignInFailure =
  | { kind: "not-validator" }
  | { kind: "rejected" }
  | { kind: "otp"; message: string }
  | { kind: "error"; message: string };

/**
 * Operator sign-in: the server's SIWE message, signed in the wallet, then the authenticator code when
 * the server asks for it (the same signature is sent again with the code).
 */
export function useOperatorSignIn(onToken: (token: string) => void) {
  const signMessage = useSignMessage();
  const [step, setStep] = useState<SignInStep>("idle");
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const [signed, setSigned] = useState<{ message: string; signature: Hex } | null>(null);

  const login = useCallback(
    async (payload: { message: string; signature: Hex; otp?: string }) => {
      try {
        const { token } = await operatorLogin(payload);
        setStep("done");
        onToken(token);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401 && error.errors.otp) {
          setSigned({ message: payload.message, signature: payload.signature });
          setStep("otp");
          if (payload.otp) setFailure({ kind: "otp", message: error.errors.otp });
          if (payload.otp && error.errors.otp !== OPERATOR_MESSAGES.otpRequired) setSigned(null);
          return;
        }
        setStep("idle");
        setSigned(null);
        if (error instanceof HttpError && error.status === 403) setFailure({ kind: "not-validator" });
        else
          setFailure({
            kind: "error",
            message: error instanceof HttpError ? error.message : COMMON_MESSAGES.errorTryAgain,
          });
      }
    },
    [onToken],
  );

  const start = useCallback(
    async (address: Address) => {
      setFailure(null);
      setStep("signing");
      try {
        const { message } = await getSiweMessage(address);
        const signature = await signMessage.mutateAsync({ message, account: address });
        await login({ message, signature });
      } catch (error) {
        setStep("idle");
        setFailure(
          isWalletRejection(error)
            ? { kind: "rejected" }
            : { kind: "error", message: error instanceof HttpError ? error.message : COMMON_MESSAGES.errorTryAgain },
        );
      }
    },
    [signMessage, login],
  );

  const submitOtp = useCallback(
    async (otp: string) => {
      if (!signed) return;
      setFailure(null);
      setStep("verifying");
      await login({ ...signed, otp });
    },
    [signed, login],
  );

  /** After a wrong code the signed message is spent: sign again. */
  const needsNewSignature = step === "otp" && !signed;
  return {
    step,
    failure,
    start,
    submitOtp,
    needsNewSignature,
    reset: () => (setStep("idle"), setFailure(null), setSigned(null)),
  };
}
