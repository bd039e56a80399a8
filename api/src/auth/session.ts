import { errors, jwtVerify, SignJWT } from "jose";
import { sql } from "kysely";
import { MESSAGES, USER_TYPE, type UserType } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { sessionClaimsSchema as claimsSchema, type SessionClaims } from "../operator/schema.ts";
import { forgetAccount, type AccountFacts } from "./account-cache.ts";

/** A signing key (imported once, not per token) and the tokens it verified (claims by token), per secret. */
interface Verifier {
  key: Promise<CryptoKey>;
  verified: Map<string, SessionClaims>;
}

const VERIFIED_TOKENS_KEPT = 10_000;
const verifiers = new Map<string, Verifier>();

const verifierOf = (secret: string): Verifier => {
  let verifier = verifiers.get(secret);
  if (!verifier) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    verifier = { key, verified: new Map() };
    verifiers.set(secret, verifier);
  }
  return verifier;
};

/** The table of each kind of account; both carry `session_version`. */
const ACCOUNT_TABLE = { [USER_TYPE.user]: "app.operator", [USER_TYPE.admin]: "app.admin" } as const satisfies Record<
  UserType,
  string
>;

/**
 * A signed session token (HS256) carrying userType, walletAddress, name, email, the session version and exp, and an id
 * of its own (two sessions issued in one second are still two tokens). A token that `replaces` the caller's session
 * (issued after a change of its credentials: a password, a passkey, 2FA) keeps that session's exp: only a sign-in
 * starts a new lifetime, so a stolen session cannot renew itself for ever.
 */
export async function signSession(
  claims: Omit<SessionClaims, "exp" | "jti">,
  secret: string,
  ttlSeconds: number,
  replaces?: Pick<SessionClaims, "exp">,
): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(replaces?.exp ?? Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await verifierOf(secret).key);
}

/**
 * The claims of a token signed with `secret`, until its exp. A token once verified is remembered
 * (the same string always verifies the same way), so repeated requests skip the HMAC and the claims
 * check; its exp is still checked on every use.
 */
export async function verifySession(token: string, secret: string): Promise<SessionClaims> {
  const known = knownSession(token, secret);
  if (known) return known;
  const { key, verified } = verifierOf(secret);
  try {
    const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"] });
    const claims = claimsSchema.parse(payload);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
    verified.set(token, claims);
    return claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError("unauthorized", MESSAGES.sessionExpired);
    throw new AppError("unauthorized", MESSAGES.unauthorized);
  }
}

/**
 * The claims of a token verifySession verified before, without waiting; undefined for a token it has not. Past its exp
 * it is forgotten and refused (sessionExpired).
 */
export function knownSession(token: string, secret: string): SessionClaims | undefined {
  const { verified } = verifierOf(secret);
  const known = verified.get(token);
  if (!known) return undefined;
  if (known.exp > Math.floor(Date.now() / 1000)) return known;
  verified.delete(token);
  throw new AppError("unauthorized", MESSAGES.sessionExpired);
}

/** Ends every session of the account issued so far; returns the new version for the next token. */
export async function revokeSessions(db: Db, userType: UserType, id: string): Promise<number> {
  const row = await db
    .updateTable(ACCOUNT_TABLE[userType])
    .set({ session_version: sql`session_version + 1` })
    .where("id", "=", id)
    .returning("session_version")
    .executeTakeFirst();
  forgetAccount(userType, id);
  if (!row) throw new AppError("unauthorized", MESSAGES.sessionEnded);
  return row.session_version;
}

/**
 * The account's session facts as stored now (not through the account cache); undefined when there is no such account.
 */
export async function readAccountFacts(db: Db, userType: UserType, id: string): Promise<AccountFacts | undefined> {
  if (userType === USER_TYPE.admin) {
    const admin = await db
      .selectFrom("app.admin")
      .select(["session_version", "disabled_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    return admin && { version: admin.session_version, twofaOn: true, disabled: admin.disabled_at !== null };
  }
  const operator = await db
    .selectFrom("app.operator")
    .select(["session_version", "twofa_enabled", "disabled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return (
    operator && {
      version: operator.session_version,
      twofaOn: operator.twofa_enabled,
      disabled: operator.disabled_at !== null,
    }
  );
}
