import { errors, jwtVerify, SignJWT } from "jose";
import { sql } from "kysely";
import { MESSAGES, USER_TYPE, type UserType } from "../contract/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { sessionClaimsSchema as claimsSchema, type SessionClaims } from "../user/schema.ts";

const key = (secret: string) => new TextEncoder().encode(secret);

/** The table of each kind of account; both carry `session_version`. */
export const ACCOUNT_TABLE = { [USER_TYPE.user]: "app.operator", [USER_TYPE.admin]: "app.admin" } as const satisfies Record<UserType, string>;

/** A signed session token (HS256) carrying userType, walletAddress, name, email, the session version and exp. */
export async function signSession(claims: Omit<SessionClaims, "exp">, secret: string, ttlSeconds: number): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

export async function verifySession(token: string, secret: string): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"] });
    return claimsSchema.parse(payload);
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError("unauthorized", MESSAGES.sessionExpired);
    throw new AppError("unauthorized", MESSAGES.unauthorized);
  }
}

/** Ends every session of the account issued so far; returns the new version for the next token. */
export async function revokeSessions(db: Db, userType: UserType, id: string): Promise<number> {
  const row = await db
    .updateTable(ACCOUNT_TABLE[userType])
    .set({ session_version: sql`session_version + 1` })
    .where("id", "=", id)
    .returning("session_version")
    .executeTakeFirst();
  if (!row) throw new AppError("unauthorized", MESSAGES.sessionEnded);
  return row.session_version;
}
