import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { verifyPassword } from "../auth/password.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { LIMITS_BY_ROUTE as L, recordFailure, refuseIfLocked, type Limit } from "../rate-limit/rate-limit.ts";
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
 * The session's own key: a digest of its token, so that two sessions of one admin issued in the same
 * second (same account, version and expiry) still have budgets of their own.
 */
const sessionKey = (c: Context<AppEnv>) =>
  createHash("sha256")
    .update(c.req.header("authorization") ?? "")
    .digest("hex");

/**
 * A fresh proof for the signed-in admin's sensitive changes (second factors, the password): their
 * password, in the same request. A wrong one is a field error on `field`. Wrong ones spend a budget
 * of this session alone (its token), so a session in the wrong hands gets a few guesses an hour, and
 * strangers failing the sign-in elsewhere cannot lock the admin out of these changes; they also count
 * among the account's failures from every client.
 */
export async function confirmAdminPassword(c: Context<AppEnv>, password: string, field = "password"): Promise<void> {
  const session = c.get("session")!;
  const admin = await findAdminById(c.get("deps").db, session.sub);
  if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
  const sessionFailures: [Limit, string] = [L.adminSessionPasswordFailures, sessionKey(c)];
  await refuseIfLocked(c, [sessionFailures]);
  if (await verifyPassword(password, admin.password_hash)) return;
  await recordFailure(c, [sessionFailures, accountPasswordFailures(admin.email)]);
  throw new AppError("validation", MESSAGES.wrongPassword, { [field]: MESSAGES.wrongPassword });
}
