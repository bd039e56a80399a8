/**
 * Operator accounts: Sign-In With Ethereum checked against the validator directory, TOTP 2FA enrolment and sign-in, the
 * profile, and the admins' Operators list with disable and enable (the spec's `/api/user/*`).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { MESSAGES, USER_TYPE } from "../public-contract/index.ts";
import { auditActor } from "../audit/index.ts";
import { adminOnly, signedInBefore2fa, userBefore2fa, revokeSessions } from "../auth/index.ts";
import { clientNetwork, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/index.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { listQuerySchema, messageSchema, pagedSchema, renewedSessionSchema, tokenSchema } from "../shared/schema.ts";
import { findOperatorWithNodes, listOperators, setOperatorAccess, toOperatorResponse } from "./repository.ts";
import {
  operatorAccessSchema,
  siweMessageSchema,
  siweRequestSchema,
  totpCodeSchema,
  twofaSetupSchema,
  operatorLoginSchema,
  operatorResponseSchema,
  OPERATOR_PATHS,
} from "./schema.ts";
import { loginOperator, operatorSession } from "./service.ts";
import { issueSiweMessage } from "./siwe.ts";
import { disableTotp, enableTotp, startTotpSetup } from "./twofa.ts";

const E = ERROR_RESPONSES;

const siwe = createRoute({
  method: "post",
  path: OPERATOR_PATHS.siwe,
  ...describe("public", "A one-time Sign-In With Ethereum message for a wallet"),
  request: jsonBody(siweRequestSchema),
  responses: { 200: jsonResponse(siweMessageSchema, "The message to sign"), 400: E[400], 429: E[429] },
});

const login = createRoute({
  method: "post",
  path: OPERATOR_PATHS.login,
  ...describe("public", "Operator sign-in with the signed message (and TOTP code when 2FA is on)"),
  request: jsonBody(operatorLoginSchema),
  responses: {
    200: jsonResponse(tokenSchema, "The session token"),
    400: E[400],
    401: E[401],
    403: E[403],
    429: E[429],
    503: E[503],
  },
});

const me = createRoute({
  method: "get",
  path: OPERATOR_PATHS.root,
  ...describe("signed-in", "The signed-in operator; for an admin, the paged operator list"),
  middleware: [signedInBefore2fa] as const,
  request: { query: listQuerySchema },
  responses: {
    200: jsonResponse(
      z.union([operatorResponseSchema, pagedSchema(operatorResponseSchema)]),
      "The operator, or a page of operators",
    ),
    401: E[401],
    404: E[404],
  },
});

const twofaSetup = createRoute({
  method: "post",
  path: OPERATOR_PATHS.twofaSetup,
  ...describe("user", "Start 2FA enrolment: secret and otpauth URI"),
  middleware: [userBefore2fa] as const,
  responses: { 200: jsonResponse(twofaSetupSchema, "The new secret"), 401: E[401], 403: E[403], 409: E[409] },
});

const twofaChange = (path: typeof OPERATOR_PATHS.twofaEnable | typeof OPERATOR_PATHS.twofaDisable, summary: string) =>
  createRoute({
    method: "post",
    path,
    ...describe("user", summary),
    middleware: [userBefore2fa] as const,
    request: jsonBody(totpCodeSchema),
    responses: {
      200: jsonResponse(renewedSessionSchema, "Done; earlier sessions have ended and this is the new token"),
      400: E[400],
      401: E[401],
      403: E[403],
      409: E[409],
      429: E[429],
    },
  });

const logout = createRoute({
  method: "post",
  path: OPERATOR_PATHS.logout,
  ...describe("signed-in", "Sign out: ends every session of the account"),
  middleware: [signedInBefore2fa] as const,
  responses: { 200: jsonResponse(messageSchema, "Signed out"), 401: E[401] },
});

const access = createRoute({
  method: "post",
  path: OPERATOR_PATHS.access,
  ...describe("admin", "Disable an operator (ending their sessions and refusing sign-in) or enable them again"),
  middleware: [adminOnly] as const,
  request: jsonBody(operatorAccessSchema),
  responses: { 200: jsonResponse(messageSchema, "Changed"), 400: E[400], 401: E[401], 403: E[403], 404: E[404] },
});

export const operatorRoutes = createRouter()
  .openapi(siwe, async (c) => {
    const { walletAddress } = c.req.valid("json");
    await enforceLimits(c, [[L.siweIp, clientNetwork(c)]]);
    return c.json({ message: await issueSiweMessage(c.get("deps").db, c.get("deps").config, walletAddress) }, 200);
  })
  .openapi(login, async (c) => {
    const body = c.req.valid("json");
    await enforceLimits(c, [[L.userLoginIp, clientNetwork(c)]]);
    const result = await loginOperator(c.get("deps"), { ...body, signature: body.signature as `0x${string}` }, (id) =>
      enforceLimits(c, [[L.totpAccount, id]]),
    );
    return c.json(result, 200);
  })
  .openapi(me, async (c) => {
    const session = c.get("session")!;
    const { db } = c.get("deps");
    if (session.userType === USER_TYPE.admin) {
      const query = c.req.valid("query");
      const { rows, total } = await listOperators(db, query);
      return c.json(paged(rows.map(toOperatorResponse), total, query.page, query.limit), 200);
    }
    const operator = await findOperatorWithNodes(db, session.sub);
    if (!operator) throw new AppError("notFound", MESSAGES.notFound);
    return c.json(toOperatorResponse(operator), 200);
  })
  .openapi(twofaSetup, async (c) => c.json(await startTotpSetup(c.get("deps").db, c.get("session")!.sub), 200))
  .openapi(twofaChange(OPERATOR_PATHS.twofaEnable, "Turn 2FA on with a code from the new secret"), async (c) => {
    await enforceLimits(c, [[L.totpAccount, c.get("session")!.sub]]);
    const operator = await enableTotp(c.get("deps").db, c.get("session")!.sub, c.req.valid("json").otp);
    return c.json(
      { message: MESSAGES.twofaEnabled, token: await operatorSession(c.get("deps"), operator, c.get("session")!) },
      200,
    );
  })
  .openapi(twofaChange(OPERATOR_PATHS.twofaDisable, "Turn 2FA off with a current code"), async (c) => {
    await enforceLimits(c, [[L.totpAccount, c.get("session")!.sub]]);
    const operator = await disableTotp(c.get("deps").db, c.get("session")!.sub, c.req.valid("json").otp);
    return c.json(
      { message: MESSAGES.twofaDisabled, token: await operatorSession(c.get("deps"), operator, c.get("session")!) },
      200,
    );
  })
  .openapi(logout, async (c) => {
    const session = c.get("session")!;
    await revokeSessions(c.get("deps").db, session.userType, session.sub);
    return c.json({ message: MESSAGES.signedOut }, 200);
  })
  .openapi(access, async (c) => {
    const { _id, enabled } = c.req.valid("json");
    if (!(await setOperatorAccess(c.get("deps").db, _id, enabled, auditActor(c))))
      throw new AppError("notFound", MESSAGES.notFound);
    return c.json({ message: enabled ? MESSAGES.operatorEnabled : MESSAGES.operatorDisabled }, 200);
  });
