import type { registerDetailSchema, SessionClaims } from "@pli/api/public-contract";
import type { z } from "zod";
import { hasId, jsonStore } from "./json-store";

/** The session token lives in localStorage under `jwtToken` (spec section 7). */
const TOKEN_KEY = "jwtToken";
export const TOKEN_STORAGE_KEY = TOKEN_KEY;
/** Records a signed-in person leaves in local storage (edit forms): cleared at sign-out. */
export const SIGNED_IN_RECORDS = {
  editRpc: "editrpc",
  editNode: "editnode",
  adminEditNode: "editnodesetting",
  editJob: "editjob",
} as const;
export const clearSignedInRecords = () =>
  Object.values(SIGNED_IN_RECORDS).forEach((key) => localStorage.removeItem(key));
const REGISTER_DETAIL_KEY = "registerDetail";

/** A sign-in attempt that passed the password, and the second factors it offers. */
export type RegisterDetail = z.infer<typeof registerDetailSchema>["registerDetail"];

const isRegisterDetail = (value: unknown): value is RegisterDetail =>
  hasId(value) &&
  ["passkey", "emailCode", "codeSent"].every((flag) => typeof (value as Record<string, unknown>)[flag] === "boolean");

export const tokenStore = {
  get: () => (typeof localStorage === "undefined" ? null : localStorage.getItem(TOKEN_KEY)),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export const registerDetailStore = jsonStore<RegisterDetail>(
  () => sessionStorage,
  REGISTER_DETAIL_KEY,
  isRegisterDetail,
);

/** The claims of a token, or null when it cannot be read or has expired (exp compared in seconds). */
export function decodeSession(token: string | null, nowSeconds = Date.now() / 1000): SessionClaims | null {
  if (!token) return null;
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as SessionClaims;
    if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) return null;
    if (claims.userType !== "user" && claims.userType !== "admin") return null;
    return claims;
  } catch {
    return null;
  }
}
