/**
 * Admin accounts and their sign-in: the password step, the emailed code (the passkey step is `passkey/`), the sign-in
 * limits and the account ceilings, admin sessions, the password change, and the accounts the `admin:create` and
 * `admin:reset-second-factor` scripts provision (the spec's `/api/admin/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { MESSAGES } from "../public-contract/index.ts";
import { auditActor } from "../audit/index.ts";
import { adminOnly, hashPassword } from "../auth/index.ts";
import { clientNetwork, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/index.ts";
import { AppError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { messageSchema, renewedSessionSchema, tokenSchema } from "../shared/schema.ts";
import { attemptSessionHolds, resendChallenge } from "./otp.ts";
import { confirmAdminPassword } from "./reauth.ts";
import { findAdminById, setAdminPassword } from "./repository.ts";
import {
  adminLoginSchema,
  codeNotSentSchema,
  passwordUpdateSchema,
  registerDetailSchema,
  resendOtpSchema,
  verifyOtpSchema,
  ADMIN_PATHS,
} from "./schema.ts";
import { adminSession } from "./session.ts";
import { codeStep, passwordStep } from "./sign-in.ts";

const login = createRoute({
  method: "post",
  path: ADMIN_PATHS.login,
  ...describe(
    "public",
    "Admin email and password; emails a 6-digit code at once to an admin without a passkey (503 with the attempt when the mail server does not take it). Past the account's ceiling of failed passwords from all clients, right and wrong passwords get the same answer and only the right one's attempt can be finished",
  ),
  request: jsonBody(adminLoginSchema),
  responses: {
    200: jsonResponse(registerDetailSchema, "The sign-in attempt to confirm with the code"),
    400: E[400],
    429: E[429],
    503: jsonResponse(codeNotSentSchema, "The code could not be mailed: the attempt, on which to ask for it again"),
  },
});

const verifyOtp = createRoute({
  method: "post",
  path: ADMIN_PATHS.verifyOtp,
  ...describe("public", "Admin sign-in code check; answers the session token"),
  request: jsonBody(verifyOtpSchema),
  responses: { 200: jsonResponse(tokenSchema, "The session token"), 400: E[400], 403: E[403], 429: E[429] },
});

const resendOtp = createRoute({
  method: "post",
  path: ADMIN_PATHS.resendOtp,
  ...describe(
    "public",
    "Send a sign-in code (the first one for an admin with a passkey); refused while the admin has emailed codes off",
  ),
  request: jsonBody(resendOtpSchema),
  responses: { 200: jsonResponse(messageSchema, "Sent"), 400: E[400], 403: E[403], 429: E[429], 503: E[503] },
});

const update = createRoute({
  method: "post",
  path: ADMIN_PATHS.update,
  ...describe("admin", "Change the signed-in admin's password, with the current one; ends the admin's other sessions"),
  middleware: [adminOnly] as const,
  request: jsonBody(passwordUpdateSchema),
  responses: {
    200: jsonResponse(renewedSessionSchema, "Changed; this is the new token"),
    400: E[400],
    401: E[401],
    403: E[403],
    429: E[429],
  },
});

export const adminRoutes = createRouter()
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid("json");
    const ip = clientNetwork(c);
    await enforceLimits(c, [[L.adminLoginIp, ip]]);
    const registerDetail = await passwordStep(c, email, ip, password);
    if (registerDetail.emailCode && !registerDetail.passkey && !registerDetail.codeSent)
      return c.json({ error: MESSAGES.codeNotSent, registerDetail }, 503);
    return c.json({ registerDetail }, 200);
  })
  .openapi(verifyOtp, async (c) => {
    const { _id, otp } = c.req.valid("json");
    const { db, config } = c.get("deps");
    await enforceLimits(c, [
      [L.otpIp, clientNetwork(c)],
      [L.otpChallenge, _id],
    ]);
    const adminId = await codeStep(c, _id, otp);
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new AppError("validation", MESSAGES.invalidOtp, { otp: MESSAGES.invalidOtp });
    if (!(await attemptSessionHolds(db, _id, admin)))
      throw new AppError("validation", MESSAGES.signInExpired, { _id: MESSAGES.signInExpired });
    return c.json({ token: await adminSession(config, admin) }, 200);
  })
  .openapi(resendOtp, async (c) => {
    const { _id } = c.req.valid("json");
    const { db, mailer, log, config } = c.get("deps");
    await enforceLimits(c, [
      [L.otpIp, clientNetwork(c)],
      [L.otpChallenge, _id],
    ]);
    await resendChallenge(db, { mailer, log }, config.JWT_SECRET, _id);
    return c.json({ message: MESSAGES.otpSent }, 200);
  })
  .openapi(update, async (c) => {
    const { currentPassword, password } = c.req.valid("json");
    const { db, config } = c.get("deps");
    await confirmAdminPassword(c, currentPassword, "currentPassword");
    const adminId = c.get("session")!.sub;
    const admin = await setAdminPassword(db, adminId, await hashPassword(password), auditActor(c));
    if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    return c.json(
      { message: MESSAGES.passwordUpdated, token: await adminSession(config, admin, c.get("session")!) },
      200,
    );
  });
