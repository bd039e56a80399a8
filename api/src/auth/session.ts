import { errors, jwtVerify, SignJWT } from "jose";
import { MESSAGES } from "../contract/index.ts";
import { AppError } from "../shared/errors.ts";
import { sessionClaimsSchema as claimsSchema, type SessionClaims } from "../user/schema.ts";

const key = (secret: string) => new TextEncoder().encode(secret);

/** A signed session token (HS256) carrying userType, walletAddress, name, email and exp. */
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
