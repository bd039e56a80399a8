import { Hono } from "hono";
import { listQuerySchema, siweRequestSchema, totpCodeSchema, USER_TYPE, userLoginSchema } from "../contract/index.ts";
import { MESSAGES } from "../contract/messages.ts";
import type { AppEnv } from "../app-env.ts";
import { signedIn, userOnly } from "../auth/middleware.ts";
import { clientIp, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/rate-limit.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/paging.ts";
import { validate } from "../shared/validate.ts";
import { findOperatorById, listOperators, toUserResponse } from "./repository.ts";
import { loginOperator } from "./service.ts";
import { issueSiweMessage } from "./siwe.ts";
import { disableTotp, enableTotp, startTotpSetup } from "./twofa.ts";

export const userRoutes = new Hono<AppEnv>()
  .post("/siwe", validate("json", siweRequestSchema), async (c) => {
    const { walletAddress } = c.req.valid("json");
    await enforceLimits(c, [[L.siweIp, clientIp(c)]]);
    return c.json({ message: await issueSiweMessage(c.var.deps.db, c.var.deps.config, walletAddress) });
  })
  .post("/login", validate("json", userLoginSchema), async (c) => {
    const body = c.req.valid("json");
    await enforceLimits(c, [[L.userLoginIp, clientIp(c)]]);
    const result = await loginOperator(c.var.deps, { ...body, signature: body.signature as `0x${string}` }, (id) => enforceLimits(c, [[L.totpAccount, id]]));
    return c.json(result);
  })
  .get("/", signedIn, validate("query", listQuerySchema), async (c) => {
    const session = c.get("session")!;
    const { db } = c.var.deps;
    if (session.userType === USER_TYPE.admin) {
      const query = c.req.valid("query");
      const { rows, total } = await listOperators(db, query);
      return c.json(paged(rows.map(toUserResponse), total, query.page, query.limit));
    }
    const operator = await findOperatorById(db, session.sub);
    if (!operator) throw new AppError("notFound", MESSAGES.notFound);
    return c.json(toUserResponse(operator));
  })
  .post("/2fa/setup", userOnly, async (c) => c.json(await startTotpSetup(c.var.deps.db, c.get("session")!.sub)))
  .post("/2fa/enable", userOnly, validate("json", totpCodeSchema), async (c) => {
    await enforceLimits(c, [[L.totpAccount, c.get("session")!.sub]]);
    return c.json(await enableTotp(c.var.deps.db, c.get("session")!.sub, c.req.valid("json").otp));
  })
  .post("/2fa/disable", userOnly, validate("json", totpCodeSchema), async (c) => {
    await enforceLimits(c, [[L.totpAccount, c.get("session")!.sub]]);
    return c.json(await disableTotp(c.var.deps.db, c.get("session")!.sub, c.req.valid("json").otp));
  });
