/** The admin feature's public entry: other features, and the tools outside the API (as @pli/api/admin), import only what it lists. */
export { attemptSessionHolds, findLiveAttempt, finishAttempt } from "./otp.ts";
export { provisionAdmin, resetSecondFactor, setAdminAccess } from "./provision.ts";
export { confirmAdminPassword } from "./reauth.ts";
export { createAdmin, findAdminById, setAdminPassword } from "./repository.ts";
export { adminSession } from "./session.ts";
