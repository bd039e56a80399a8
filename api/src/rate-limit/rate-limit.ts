import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { sql } from "kysely";
import { MESSAGES } from "../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";

/**
 * Counts one hit on `key` in a fixed window held in Postgres (so every API instance shares it) and
 * returns the hits so far in the current window.
 */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const { rows } = await sql<{ hits: number }>`
    INSERT INTO app.rate_limit (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN app.rate_limit.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE app.rate_limit.hits + 1 END,
      window_start = CASE WHEN app.rate_limit.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE app.rate_limit.window_start END
    RETURNING hits`.execute(db);
  return rows[0]!.hits;
}

/**
 * The caller's IP: the socket's address, or behind a trusted proxy the last X-Forwarded-For entry (the
 * one the proxy appended; earlier entries are whatever the client sent).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

/** Throws 429 once any of the (limit, subject) pairs is over its budget. Every pair is counted. */
export async function enforceLimits(c: Context<AppEnv>, checks: [Limit, string][]): Promise<void> {
  let exceeded = false;
  for (const [limit, subject] of checks) {
    const hits = await countHit(c.var.deps.db, `${limit.name}:${subject.toLowerCase()}`, limit.windowSeconds);
    if (hits > limit.max) exceeded = true;
  }
  if (exceeded) throw new AppError("tooManyRequests", MESSAGES.tooManyRequests);
}

/** Whether `subject` has `limit.max` or more failures in the current window (this request is not counted). */
export async function budgetSpent(c: Context<AppEnv>, [limit, subject]: [Limit, string]): Promise<boolean> {
  const row = await c.var.deps.db
    .selectFrom("app.rate_limit")
    .select("hits")
    .where("key", "=", `${limit.name}:${subject.toLowerCase()}`)
    .where("window_start", ">", sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
    .executeTakeFirst();
  return Boolean(row && row.hits >= limit.max);
}

/**
 * For failure budgets: refuses once any of them has `max` failures in the window, without counting
 * this request. Failures are counted with `recordFailure`.
 */
export async function refuseIfLocked(c: Context<AppEnv>, checks: [Limit, string][]): Promise<void> {
  for (const check of checks) {
    if (await budgetSpent(c, check)) throw new AppError("tooManyRequests", MESSAGES.tooManyRequests);
  }
}

export async function recordFailure(c: Context<AppEnv>, checks: [Limit, string][]): Promise<void> {
  for (const [limit, subject] of checks) await countHit(c.var.deps.db, `${limit.name}:${subject.toLowerCase()}`, limit.windowSeconds);
}

/**
 * Per-IP budgets count every request. Per-account budgets exist only where spending them needs the
 * account's own signature (TOTP), or count only failed passwords, and those per account AND client:
 * a stranger's wrong passwords lock only the stranger's address out, never the admin signing in from
 * elsewhere. Past the account's failures from all addresses together, sign-in refuses nobody: it
 * answers right and wrong passwords alike, and only an attempt made with the right one can be
 * finished (api/src/admin/sign-in.ts), so guesses from many addresses learn nothing. A password asked
 * again inside a session spends that session's own budget, which no one outside it can touch.
 */
export const LIMITS_BY_ROUTE = {
  siweIp: { name: "siwe-ip", max: 30, windowSeconds: 600 },
  userLoginIp: { name: "user-login-ip", max: 30, windowSeconds: 600 },
  totpAccount: { name: "totp-account", max: 10, windowSeconds: 600 },
  adminLoginIp: { name: "admin-login-ip", max: 20, windowSeconds: 600 },
  adminLoginFailures: { name: "admin-login-failures", max: 10, windowSeconds: 600 },
  adminLoginFailuresAllClients: { name: "admin-login-failures-all", max: 100, windowSeconds: 3600 },
  adminSessionPasswordFailures: { name: "admin-session-password-failures", max: 10, windowSeconds: 3600 },
  otpIp: { name: "otp-ip", max: 30, windowSeconds: 600 },
  otpChallenge: { name: "otp-challenge", max: 10, windowSeconds: 600 },
} as const satisfies Record<string, Limit>;
