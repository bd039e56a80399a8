import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { verifyPassword } from "../auth/index.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { countTry, LIMITS_BY_ROUTE as L, spendTry, type Limit } from "../rate-limit/index.ts";
import { AppError } from "../shared/errors.ts";
import { findAdminById } from "./repository.ts";

/** Wrong passwords for the account from one client: past its budget that client is refused (429). */
export const clientPasswordFailures = (email: string, ip: string): [Limit, string] => [
  L.adminLoginFailures,
  `${email}|${ip}`,
];

/** Wrong passwords for the account from every client: past its ceiling sign-in answers blind, it never refuses. */
export const accountPasswordFailures = (email: string): [Limit, string] => [L.adminLoginFailuresAllClients, email];

/**
 * A fresh proof for the signed-in admin's sensitive changes (second factors, the password): their
 * password, in the same request. A wrong one is a field error on `field`. Every try spends a budget
 * of this session alone (kept under its token's id, however the Authorization header is spelled),
 * counted before the password is checked so a burst gets no more than the budget; a right one is
 * refunded. So a session in the wrong hands gets a few guesses an hour, and strangers failing the
 * sign-in elsewhere cannot lock the admin out of these changes. Wrong ones also count among the
 * account's failures from every client.
 */
export async function confirmAdminPassword(c: Context<AppEnv>, password: string, field = "password"): Promise<void> {
  const session = c.get("session")!;
  const admin = await findAdminById(c.get("deps").db, session.sub);
  if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
  const thisSession = await spendTry(c, [L.adminSessionPasswordFailures, session.jti]);
  const fromAllClients = await countTry(c, accountPasswordFailures(admin.email));
  if (await verifyPassword(password, admin.password_hash)) {
    await Promise.all([thisSession.refund(), fromAllClients.refund()]);
    return;
  }
  throw new AppError("validation", MESSAGES.wrongPassword, { [field]: MESSAGES.wrongPassword });
}
