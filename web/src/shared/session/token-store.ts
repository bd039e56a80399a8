import type { SessionClaims } from "@pli/api/contract";

/** The session token lives in localStorage under `jwtToken` (spec section 7). */
const TOKEN_KEY = "jwtToken";
const REGISTER_DETAIL_KEY = "registerDetail";

export interface RegisterDetail {
  _id: string;
  email: string;
}

export const tokenStore = {
  get: () => (typeof localStorage === "undefined" ? null : localStorage.getItem(TOKEN_KEY)),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export const registerDetailStore = {
  get(): RegisterDetail | null {
    try {
      const value = JSON.parse(sessionStorage.getItem(REGISTER_DETAIL_KEY) ?? "null") as RegisterDetail | null;
      return value && typeof value._id === "string" ? value : null;
    } catch {
      return null;
    }
  },
  set: (detail: RegisterDetail) => sessionStorage.setItem(REGISTER_DETAIL_KEY, JSON.stringify(detail)),
  clear: () => sessionStorage.removeItem(REGISTER_DETAIL_KEY),
};

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
