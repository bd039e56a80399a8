import { Hono } from "hono";
import { adminLoginSchema, MESSAGES, passwordUpdateSchema, resendOtpSchema, USER_TYPE, verifyOtpSchema } from "../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { adminOnly } from "../auth/middleware.ts";
import { hashPassword, UNUSABLE_HASH, verifyPassword } from "../auth/password.ts";
import { signSession } from "../auth/session.ts";
import { clientIp, enforceLimits, LIMITS_BY_ROUTE as L, recordFailure, refuseIfLocked } from "../rate-limit/rate-limit.ts";
import { AppError } from "../shared/errors.ts";
import { validate } from "../shared/validate.ts";
import { resendChallenge, startChallenge, verifyChallenge } from "./otp.ts";
import { findAdminByEmail, findAdminById, setAdminPassword } from "./repository.ts";

const invalidCredentials = () =>
  new AppError("validation", MESSAGES.invalidCredentials, { email: MESSAGES.invalidCredentials, password: MESSAGES.invalidCredentials });

export const adminRoutes = new Hono<AppEnv>()
  .post("/login", validate("json", adminLoginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { db, mailer, config } = c.var.deps;
    await enforceLimits(c, [[L.adminLoginIp, clientIp(c)]]);
    await refuseIfLocked(c, L.adminLoginFailures, email);
    const admin = await findAdminByEmail(db, email);
    const ok = await verifyPassword(password, admin?.password_hash ?? UNUSABLE_HASH);
    if (!admin || !ok) {
      await recordFailure(c, L.adminLoginFailures, email);
      throw invalidCredentials();
    }
    const challengeId = await startChallenge(db, mailer, config.JWT_SECRET, admin);
    return c.json({ registerDetail: { _id: challengeId, email: admin.email } });
  })
  .post("/verifyotp", validate("json", verifyOtpSchema), async (c) => {
    const { _id, otp } = c.req.valid("json");
    const { db, config } = c.var.deps;
    await enforceLimits(c, [
      [L.otpIp, clientIp(c)],
      [L.otpChallenge, _id],
    ]);
    const adminId = await verifyChallenge(db, config.JWT_SECRET, _id, otp);
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new AppError("validation", MESSAGES.invalidOtp, { otp: MESSAGES.invalidOtp });
    const token = await signSession({ sub: admin.id, userType: USER_TYPE.admin, name: admin.name, email: admin.email }, config.JWT_SECRET, config.SESSION_TTL_SECONDS);
    return c.json({ token });
  })
  .post("/resendemailotp", validate("json", resendOtpSchema), async (c) => {
    const { _id } = c.req.valid("json");
    const { db, mailer, config } = c.var.deps;
    await enforceLimits(c, [
      [L.otpIp, clientIp(c)],
      [L.otpChallenge, _id],
    ]);
    await resendChallenge(db, mailer, config.JWT_SECRET, _id);
    return c.json({ message: MESSAGES.otpSent });
  })
  .post("/update", adminOnly, validate("json", passwordUpdateSchema), async (c) => {
    const { password } = c.req.valid("json");
    await setAdminPassword(c.var.deps.db, c.get("session")!.sub, await hashPassword(password));
    return c.json({ message: MESSAGES.passwordUpdated });
  });
