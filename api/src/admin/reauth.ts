import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { verifyPassword } from "../auth/password.ts";
import { MESSAGES } from "../contract/index.ts";
import { clientIp, LIMITS_BY_ROUTE as L, recordFailure, refuseIfLocked, type Limit } from "../rate-limit/rate-limit.ts";
import { AppError } from "../shared/errors.ts";
import { findAdminById } from "./repository.ts";

/** The budgets a wrong admin password spends: the account from this client, and the account from anywhere. */
export const passwordFailureBudgets = (email: string, ip: string): [Limit, string][] => [
  [L.adminLoginFailures, `${email}|${ip}`],
  [L.adminLoginFailuresAllClients, email],
];

/**
 * A fresh proof for changes to the signed-in admin's second factors: their password, in the same
 * request. A wrong one is a field error and spends the sign-in password's budgets, so a session in
 * the wrong hands gives no extra guesses (and a client locked out of signing in is locked out here).
 */
export async function confirmAdminPassword(c: Context<AppEnv>, password: string): Promise<void> {
  const admin = await findAdminById(c.var.deps.db, c.get("session")!.sub);
  if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
  const budgets = passwordFailureBudgets(admin.email, clientIp(c));
  await refuseIfLocked(c, budgets);
  if (await verifyPassword(password, admin.password_hash)) return;
  await recordFailure(c, budgets);
  throw new AppError("validation", MESSAGES.wrongPassword, { password: MESSAGES.wrongPassword });
}
