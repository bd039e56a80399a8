/** The auth feature's public entry: other features, and the tools outside the API (as @pli/api/auth), import only what it lists. */
export { type AccountFacts, acceptsSession, forgetAccount } from "./account-cache.ts";
export { adminOnly, operatorOnly, signedIn, signedInBefore2fa, userBefore2fa } from "./middleware.ts";
export { ownerScope } from "./owner-scope.ts";
export { UNUSABLE_HASH, generatePassword, hashPassword, verifyPassword } from "./password.ts";
export { readAccountFacts, revokeSessions, signSession, verifySession } from "./session.ts";
