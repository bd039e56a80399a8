import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { SessionClaims } from "../contract/index.ts";
import { USER_TYPE, type UserType } from "../contract/domain.ts";
import { MESSAGES } from "../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { AppError } from "../shared/errors.ts";
import { verifySession } from "./session.ts";

async function sessionFrom(c: Context<AppEnv>): Promise<SessionClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) throw new AppError("unauthorized", MESSAGES.unauthorized);
  const claims = await verifySession(match[1], c.var.deps.config.JWT_SECRET);
  const { db } = c.var.deps;
  const exists =
    claims.userType === USER_TYPE.admin
      ? await db.selectFrom("app.admin").select("id").where("id", "=", claims.sub).executeTakeFirst()
      : await db.selectFrom("app.operator").select("id").where("id", "=", claims.sub).executeTakeFirst();
  if (!exists) throw new AppError("unauthorized", MESSAGES.unauthorized);
  return claims;
}

/**
 * Reads a Bearer token when one is sent. A bad or expired token is remembered, not thrown: public
 * routes still answer, and `requireRole` reports why the session was refused.
 */
export const readSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("authorization")) {
    try {
      c.set("session", await sessionFrom(c));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      c.set("sessionError", error);
    }
  }
  await next();
});

/** 401 without a session, 403 when the session's userType is not one of `types`. */
export const requireRole = (...types: UserType[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get("session");
    if (!session) throw c.get("sessionError") ?? new AppError("unauthorized", MESSAGES.unauthorized);
    if (!types.includes(session.userType)) throw new AppError("forbidden", MESSAGES.forbidden);
    await next();
  });

export const userOnly = requireRole(USER_TYPE.user);
export const adminOnly = requireRole(USER_TYPE.admin);
export const signedIn = requireRole(USER_TYPE.user, USER_TYPE.admin);
