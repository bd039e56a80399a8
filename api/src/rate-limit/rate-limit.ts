import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { sql } from "kysely";
import { MESSAGES } from "../contract/messages.ts";
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

/** The caller's IP: the socket's address, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
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

export const LIMITS_BY_ROUTE = {
  siweIp: { name: "siwe-ip", max: 30, windowSeconds: 600 },
  siweWallet: { name: "siwe-wallet", max: 10, windowSeconds: 600 },
  userLoginIp: { name: "user-login-ip", max: 30, windowSeconds: 600 },
  userLoginWallet: { name: "user-login-wallet", max: 10, windowSeconds: 600 },
  totpAccount: { name: "totp-account", max: 10, windowSeconds: 600 },
  adminLoginIp: { name: "admin-login-ip", max: 20, windowSeconds: 600 },
  adminLoginEmail: { name: "admin-login-email", max: 10, windowSeconds: 600 },
  otpIp: { name: "otp-ip", max: 30, windowSeconds: 600 },
  otpChallenge: { name: "otp-challenge", max: 10, windowSeconds: 600 },
} as const satisfies Record<string, Limit>;
