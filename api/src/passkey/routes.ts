/**
 * Admins' passkeys (WebAuthn): registering, renaming and deleting them, switching the emailed code off, and the passkey
 * step of an admin sign-in (`/api/passkey/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { passwordConfirmSchema } from "../admin/schema.ts";
import { attemptSessionHolds, confirmAdminPassword, findAdminById, adminSession } from "../admin/index.ts";
import { auditActor } from "../audit/index.ts";
import { adminOnly } from "../auth/index.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { clientNetwork, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/index.ts";
import { AppError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { renewedSessionSchema, tokenSchema } from "../shared/schema.ts";
import { deletePasskey, renameOwnPasskey, switchEmailCodeFallback } from "./manage.ts";
import { listPasskeys, toPasskeyResponse } from "./repository.ts";
import {
  creationOptionsResponseSchema,
  deletePasskeySchema,
  emailCodeFallbackResultSchema,
  emailCodeFallbackSchema,
  passkeyListSchema,
  passkeySavedSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  registerPasskeySchema,
  renamePasskeySchema,
  requestOptionsResponseSchema,
  PASSKEY_PATHS,
} from "./schema.ts";

const guarded = { 400: E[400], 401: E[401], 403: E[403] } as const;

const list = createRoute({
  method: "get",
  path: PASSKEY_PATHS.root,
  ...describe("admin", "The signed-in admin's passkeys and whether emailed codes may still sign them in"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(passkeyListSchema, "Passkeys, oldest first"), ...guarded },
});

const registerOptions = createRoute({
  method: "post",
  path: PASSKEY_PATHS.registerOptions,
  ...describe(
    "admin",
    "WebAuthn options to create a passkey for the signed-in admin: after their password, a new single-use challenge that registration must answer",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(passwordConfirmSchema),
  responses: {
    200: jsonResponse(creationOptionsResponseSchema, "For navigator.credentials.create()"),
    ...guarded,
    409: E[409],
    429: E[429],
  },
});

const register = createRoute({
  method: "post",
  path: PASSKEY_PATHS.register,
  ...describe("admin", "Keep the passkey the browser created, once its attestation answers the admin's challenge"),
  middleware: [adminOnly] as const,
  request: jsonBody(registerPasskeySchema),
  responses: { 201: jsonResponse(passkeySavedSchema, "Added"), ...guarded, 409: E[409] },
});

const rename = createRoute({
  method: "post",
  path: PASSKEY_PATHS.rename,
  ...describe("admin", "Rename one of the signed-in admin's passkeys"),
  middleware: [adminOnly] as const,
  request: jsonBody(renamePasskeySchema),
  responses: { 200: jsonResponse(passkeySavedSchema, "Renamed"), ...guarded, 404: E[404] },
});

const remove = createRoute({
  method: "post",
  path: PASSKEY_PATHS.delete,
  ...describe(
    "admin",
    "Delete one of the signed-in admin's passkeys, with their password (not the last one while emailed codes are off)",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(deletePasskeySchema),
  responses: {
    200: jsonResponse(renewedSessionSchema, "Deleted; earlier sessions have ended and this is the new token"),
    ...guarded,
    404: E[404],
    409: E[409],
    429: E[429],
  },
});

const fallback = createRoute({
  method: "post",
  path: PASSKEY_PATHS.fallback,
  ...describe(
    "admin",
    "Turn the emailed sign-in code on, or off (with the admin's password) once the admin has a passkey",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(emailCodeFallbackSchema),
  responses: { 200: jsonResponse(emailCodeFallbackResultSchema, "Switched"), ...guarded, 409: E[409], 429: E[429] },
});

const signInOptionsRoute = createRoute({
  method: "post",
  path: PASSKEY_PATHS.signInOptions,
  ...describe("public", "WebAuthn options to finish a sign-in attempt (after the password) with a passkey"),
  request: jsonBody(passkeySignInOptionsSchema),
  responses: {
    200: jsonResponse(requestOptionsResponseSchema, "For navigator.credentials.get()"),
    400: E[400],
    409: E[409],
    429: E[429],
  },
});

const signIn = createRoute({
  method: "post",
  path: PASSKEY_PATHS.signIn,
  ...describe("public", "Finish a sign-in attempt with a passkey's signature; answers the session token"),
  request: jsonBody(passkeySignInSchema),
  responses: { 200: jsonResponse(tokenSchema, "The session token"), 400: E[400], 429: E[429] },
});

/**
 * The WebAuthn ceremonies (and @simplewebauthn/server behind them) load at the first passkey registration or
 * sign-in: most API processes never serve one, and the library weighs on every process's start and memory.
 */
const registrationCeremony = () => import("./registration.ts");
const signInCeremony = () => import("./sign-in.ts");

/** Second-factor tries of one attempt share the code step's budgets, whether by code or by passkey. */
const limitSecondFactor = (c: Parameters<typeof clientNetwork>[0], attemptId: string) =>
  enforceLimits(c, [
    [L.otpIp, clientNetwork(c)],
    [L.otpChallenge, attemptId],
  ]);

export const passkeyRoutes = createRouter()
  .openapi(list, async (c) => {
    const { db } = c.get("deps");
    const adminId = c.get("session")!.sub;
    const [rows, admin] = await Promise.all([listPasskeys(db, adminId), findAdminById(db, adminId)]);
    if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    return c.json({ passkeys: rows.map(toPasskeyResponse), emailCodeFallback: admin.email_code_fallback }, 200);
  })
  .openapi(registerOptions, async (c) => {
    const { password } = c.req.valid("json");
    const { db, config } = c.get("deps");
    await confirmAdminPassword(c, password);
    const admin = await findAdminById(db, c.get("session")!.sub);
    if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    return c.json({ options: await (await registrationCeremony()).registrationOptions(db, config, admin) }, 200);
  })
  .openapi(register, async (c) => {
    const { name, response } = c.req.valid("json");
    const { db, config, log } = c.get("deps");
    const { registerPasskey } = await registrationCeremony();
    const row = await registerPasskey(db, config, log, c.get("session")!.sub, name, response, auditActor(c));
    return c.json({ message: MESSAGES.passkeyAdded, data: toPasskeyResponse(row) }, 201);
  })
  .openapi(rename, async (c) => {
    const { _id, name } = c.req.valid("json");
    const row = await renameOwnPasskey(c.get("deps").db, c.get("session")!.sub, _id, name, auditActor(c));
    if (!row) throw new AppError("notFound", MESSAGES.passkeyNotFound);
    return c.json({ message: MESSAGES.passkeyRenamed, data: toPasskeyResponse(row) }, 200);
  })
  .openapi(remove, async (c) => {
    const { id, password } = c.req.valid("json");
    await confirmAdminPassword(c, password);
    const admin = await deletePasskey(c.get("deps").db, c.get("session")!.sub, id, auditActor(c));
    const token = await adminSession(c.get("deps").config, admin, c.get("session")!);
    return c.json({ message: MESSAGES.passkeyDeleted, token }, 200);
  })
  .openapi(fallback, async (c) => {
    const { enabled, password } = c.req.valid("json");
    await confirmAdminPassword(c, password);
    await switchEmailCodeFallback(c.get("deps").db, c.get("session")!.sub, enabled, auditActor(c));
    return c.json(
      { message: enabled ? MESSAGES.emailCodeFallbackOn : MESSAGES.emailCodeFallbackOff, emailCodeFallback: enabled },
      200,
    );
  })
  .openapi(signInOptionsRoute, async (c) => {
    const { _id } = c.req.valid("json");
    const { db, config } = c.get("deps");
    await limitSecondFactor(c, _id);
    return c.json({ options: await (await signInCeremony()).signInOptions(db, config, _id) }, 200);
  })
  .openapi(signIn, async (c) => {
    const { _id, response } = c.req.valid("json");
    const { db, config, log } = c.get("deps");
    await limitSecondFactor(c, _id);
    const adminId = await (await signInCeremony()).signInWithPasskey(db, config, log, _id, response);
    const admin = await findAdminById(db, adminId);
    if (!admin || !(await attemptSessionHolds(db, _id, admin)))
      throw new AppError("validation", MESSAGES.signInExpired, { _id: MESSAGES.signInExpired });
    return c.json({ token: await adminSession(config, admin) }, 200);
  });
