import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { sql } from "kysely";
import { LIMITS, MESSAGES, TICKET_LIMITS } from "../public-contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { Db } from "../db/database.ts";
import { tooManyRequests } from "../shared/errors.ts";
import { WEBHOOK_LIMITS } from "../webhook/schema.ts";

/** The whole seconds (at least 1) from now until the window that started at window_start ends. */
const secondsLeftOfWindow = (windowSeconds: number) =>
  sql<number>`greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int`;

/**
 * Counts one hit on `key` in a fixed window held in Postgres (so every API instance shares it), in one
 * statement (the row is locked while it counts, so hits at the same moment each see their own count);
 * answers the hits so far in the current window, the seconds until it ends, and the window's start.
 */
async function countHitInWindow(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; secondsLeft: number; windowStart: string }> {
  const { rows } = await sql<{ hits: number; secondsLeft: number; windowStart: string }>`
    INSERT INTO app.rate_limit (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN app.rate_limit.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE app.rate_limit.hits + 1 END,
      window_start = CASE WHEN app.rate_limit.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE app.rate_limit.window_start END
    RETURNING hits, ${secondsLeftOfWindow(windowSeconds)} AS "secondsLeft", window_start::text AS "windowStart"`.execute(
    db,
  );
  return rows[0]!;
}

/**
 * The caller's IP: the socket's address, or behind a trusted proxy the last X-Forwarded-For entry (the
 * one the proxy appended; earlier entries are whatever the client sent).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("deps").config.TRUST_PROXY) {
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

/**
 * Throws 429 once any of the (limit, subject) pairs is over its budget, with `message` and, as
 * `Retry-After`, the seconds until every exceeded budget has a free hit again. Every pair is counted.
 */
export async function enforceLimits(
  c: Context<AppEnv>,
  checks: [Limit, string][],
  message: string = MESSAGES.tooManyRequests,
): Promise<void> {
  let retryAfter = 0;
  for (const [limit, subject] of checks) {
    const { hits, secondsLeft } = await countHitInWindow(
      c.get("deps").db,
      `${limit.name}:${subject.toLowerCase()}`,
      limit.windowSeconds,
    );
    if (hits > limit.max) retryAfter = Math.max(retryAfter, secondsLeft);
  }
  if (retryAfter > 0) throw tooManyRequests(message, retryAfter);
}

/** A try counted on a failure budget before it was judged: see countTry. */
export interface CountedTry {
  /** Past the budget: the try must not be judged (the account's sign-in ceiling answers blind instead). */
  over: boolean;
  /** The seconds until the budget's window ends and it has room again. */
  secondsLeft: number;
  /** Takes the try back off the budget, for a try that turned out right. */
  refund: () => Promise<void>;
}

/**
 * Counts a try (a password, a code) on a failure budget before the try is checked, in the same
 * statement that reads the count: of a burst sent at once only the budget's number are ever checked,
 * which counting after the check, or checking the count first, would let through. A try that turns
 * out right is refunded, so right ones never spend the budget; only that try, not the budget cleared
 * (the wrong tries counted with it may be a stranger's, and stay), and only within the window it was
 * counted in, so a refund can never free a hit of a later window.
 */
export async function countTry(c: Context<AppEnv>, [limit, subject]: [Limit, string]): Promise<CountedTry> {
  const { db } = c.get("deps");
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const { hits, secondsLeft, windowStart } = await countHitInWindow(db, key, limit.windowSeconds);
  const refund = async () => {
    await sql`UPDATE app.rate_limit SET hits = hits - 1
      WHERE key = ${key} AND window_start = ${windowStart}::timestamptz AND hits > 0`.execute(db);
  };
  return { over: hits > limit.max, secondsLeft, refund };
}

/** countTry, refusing (429, with Retry-After) a try past the budget. */
export async function spendTry(c: Context<AppEnv>, check: [Limit, string]): Promise<CountedTry> {
  const counted = await countTry(c, check);
  if (counted.over) throw tooManyRequests(MESSAGES.tooManyRequests, counted.secondsLeft);
  return counted;
}

/** The subject of a per-account budget: the signed-in account, operator or admin. */
export const accountOf = (session: { userType: string; sub: string }) => `${session.userType}:${session.sub}`;

/**
 * Per-IP budgets count every request. Per-account budgets exist only where spending them needs the
 * account's own signature (TOTP), or count only failed passwords, and those per account AND client:
 * a stranger's wrong passwords lock only the stranger's address out, never the admin signing in from
 * elsewhere. Past the account's failures from all addresses together, sign-in refuses nobody: it
 * answers right and wrong passwords alike, and only an attempt made with the right one can be
 * finished (api/src/admin/sign-in.ts), so guesses from many addresses learn nothing. A password asked
 * again inside a session spends that session's own budget, which no one outside it can touch. Wrong
 * sign-in codes count per admin across attempts and addresses, but only on attempts made with the right
 * password: someone holding it gets a few code guesses an hour, strangers spend nothing.
 * The ticket and upload budgets are per account, spent only with the account's own session: they
 * bound the mail to admins, the decoding and the disk one account can cause. The webhook test budget
 * (per account too) bounds the deliveries one operator can queue by hand, and the webhook write budget the host
 * lookups its adds and edits cause.
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
  adminCodeFailures: { name: "admin-code-failures", max: 10, windowSeconds: 3600 },
  ticketOpenAccount: { name: "ticket-open-account", max: TICKET_LIMITS.openedPerHour, windowSeconds: 3600 },
  ticketMessageAccount: { name: "ticket-message-account", max: TICKET_LIMITS.messagesPerMinute, windowSeconds: 60 },
  uploadAccount: { name: "upload-account", max: LIMITS.uploadsPerHour, windowSeconds: 3600 },
  webhookTestAccount: { name: "webhook-test-account", max: WEBHOOK_LIMITS.testsPerMinute, windowSeconds: 60 },
  webhookWriteAccount: { name: "webhook-write-account", max: WEBHOOK_LIMITS.writesPerHour, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;
