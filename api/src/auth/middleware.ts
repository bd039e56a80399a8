import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { SessionClaims } from "../public-contract/index.ts";
import { USER_TYPE, type UserType } from "../public-contract/domain.ts";
import { MESSAGES } from "../public-contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { AppError } from "../shared/errors.ts";
import { requestHeader } from "../shared/node-bindings.ts";
import { accountCache, type AccountFacts } from "./account-cache.ts";
import { knownSession, readAccountFacts, verifySession } from "./session.ts";

/** A session the server accepted, with what it knows of the account now (not what the token said). */
export type ActiveSession = SessionClaims & { twofaOn: boolean };

/**
 * The token's claims, accepted only while the account exists, is enabled and still has the token's
 * session version (read through the account cache: see ACCOUNT_CACHE_TTL_MS for how fresh). A token verified before
 * whose account the cache holds is answered without waiting, as most requests of a signed-in page are.
 */
function sessionFrom(c: Context<AppEnv>): ActiveSession | Promise<ActiveSession> {
  const token = bearerToken(requestHeader(c, "authorization"));
  if (!token) throw new AppError("unauthorized", MESSAGES.unauthorized);
  const deps = c.get("deps");
  const known = knownSession(token, deps.config.JWT_SECRET);
  const kept = known && accountCache.kept(known.userType, known.sub, known.ver);
  if (known && kept) return activeSession(known, kept);
  return (async () => {
    const claims = known ?? (await verifySession(token, deps.config.JWT_SECRET));
    const account = await accountCache.facts(claims.userType, claims.sub, claims.ver, () =>
      readAccountFacts(deps.db, claims.userType, claims.sub),
    );
    return activeSession(claims, account);
  })();
}

/** The token of an Authorization header (repeated headers joined with ", ", as requestHeader reads them), if it is one. */
const bearerToken = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];

/**
 * The session of an Authorization header as readSession would accept it without waiting: a token verified before,
 * unexpired, whose account the account cache holds and accepts. Undefined for anything else, a refused session
 * included (readSession says why).
 */
export function keptSession(authorization: string | undefined, secret: string): ActiveSession | undefined {
  const token = bearerToken(authorization);
  if (!token) return undefined;
  try {
    const known = knownSession(token, secret);
    const kept = known && accountCache.kept(known.userType, known.sub, known.ver);
    return known && kept ? activeSession(known, kept) : undefined;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** The session of `claims` if `account` (as it is now) accepts it; else why not. */
function activeSession(claims: SessionClaims, account: AccountFacts | undefined): ActiveSession {
  if (!account) throw new AppError("unauthorized", MESSAGES.unauthorized);
  if (account.disabled) throw new AppError("unauthorized", MESSAGES.accountDisabled);
  if (account.version !== claims.ver) throw new AppError("unauthorized", MESSAGES.sessionEnded);
  return { ...claims, twofaOn: account.twofaOn };
}

/**
 * Reads a Bearer token when one is sent. A bad or expired token is remembered, not thrown: public
 * routes still answer, and the guards report why the session was refused.
 */
export const readSession = createMiddleware<AppEnv>(async (c, next) => {
  if (requestHeader(c, "authorization")) {
    try {
      const session = sessionFrom(c);
      c.set("session", session instanceof Promise ? await session : session);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      c.set("sessionError", error);
    }
  }
  await next();
});

/**
 * 401 without a session, 403 when the session's userType is not one of `types`, and 403 for an
 * operator whose 2FA is off unless the route is one they need to turn it on (`before2fa`).
 */
const guard = (types: UserType[], { before2fa = false } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get("session");
    if (!session) throw c.get("sessionError") ?? new AppError("unauthorized", MESSAGES.unauthorized);
    if (!types.includes(session.userType)) throw new AppError("forbidden", MESSAGES.forbidden);
    if (!before2fa && !session.twofaOn) throw new AppError("forbidden", MESSAGES.twofaRequired);
    await next();
  });

export const operatorOnly = guard([USER_TYPE.user]);
export const adminOnly = guard([USER_TYPE.admin]);
export const signedIn = guard([USER_TYPE.user, USER_TYPE.admin]);
/** Operator routes that must work while 2FA is still off: the 2FA set-up itself. */
export const userBefore2fa = guard([USER_TYPE.user], { before2fa: true });
/** The profile and sign-out: any signed-in person, an operator's 2FA on or off. */
export const signedInBefore2fa = guard([USER_TYPE.user, USER_TYPE.admin], { before2fa: true });
