import type { Hex } from "viem";
import { api, ok } from "@/shared/api/http";

/** The signed message (and the authenticator code when the server asks for it); answers the session token. */
export const operatorLogin = (payload: { message: string; signature: Hex; otp?: string }) =>
  ok(api.user.login.$post({ json: payload }));
