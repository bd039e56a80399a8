/**
 * The site settings: the brand every page shows (public at `/api/setting/brand`), the multiple and incentive
 * percentage, the stake limits as the chain holds them, and the record of limit changes sent from the settings page
 * (the spec's `/api/setting`).
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { MESSAGES } from "../public-contract/index.ts";
import { auditActor, recordAudit } from "../audit/index.ts";
import { adminOnly } from "../auth/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { messageSchema } from "../shared/schema.ts";
import { findUpload } from "../upload/index.ts";
import {
  chainStakeLimits,
  getSettings,
  limitChangeClaim,
  limitChangeOf,
  lockSettings,
  readBrand,
  recordPortalLimitChange,
  saveSettings,
  toSettingResponse,
} from "./repository.ts";
import {
  brandResponseSchema,
  multipleDivides,
  settingResponseSchema,
  settingUpdateSchema,
  stakeLimitChangeHintSchema,
  SETTING_BRAND_PATH,
  SETTING_PATH,
  SETTING_STAKE_LIMITS_PATH,
} from "./schema.ts";

const readBrandRoute = createRoute({
  method: "get",
  path: SETTING_BRAND_PATH,
  ...describe(
    "public",
    "The brand every page shows (application name, logo file, contact email, number and address); the defaults while no settings are saved",
  ),
  responses: { 200: jsonResponse(brandResponseSchema, "The brand") },
});

const read = createRoute({
  method: "get",
  path: SETTING_PATH,
  ...describe(
    "public",
    "Public site settings; minimumStake and maximumStake are the staking contract's as indexed (PLI), null until the indexer has them",
  ),
  responses: { 200: jsonResponse(settingResponseSchema, "The settings"), 404: E[404] },
});

const save = createRoute({
  method: "post",
  path: SETTING_PATH,
  ...describe(
    "admin",
    "Update site settings; the stake minimum and maximum are changed on the contract, not here (a body's are not read)",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(settingUpdateSchema),
  responses: {
    200: jsonResponse(z.object({ message: z.string(), data: settingResponseSchema }), "Saved"),
    400: E[400],
    401: E[401],
    403: E[403],
  },
});

const recordLimitChange = createRoute({
  method: "post",
  path: SETTING_STAKE_LIMITS_PATH,
  ...describe(
    "admin",
    "Records that the settings page sent the stake limit change of tnxHash (once indexed): limit changes not recorded so are listed as not made through the portal; 404 when no such change is indexed, 409 when it was mined more than an hour ago, is the deployment's or was already reviewed",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(stakeLimitChangeHintSchema),
  responses: {
    200: jsonResponse(messageSchema, "Recorded"),
    400: E[400],
    401: E[401],
    403: E[403],
    404: E[404],
    409: E[409],
  },
});

export const settingRoutes = createRouter()
  .openapi(readBrandRoute, async (c) => c.json(await readBrand(c.get("deps").db), 200))
  .openapi(read, async (c) => {
    const { db } = c.get("deps");
    const [row, limits] = await Promise.all([getSettings(db), chainStakeLimits(db)]);
    if (!row) throw new AppError("notFound", MESSAGES.notFound);
    return c.json(toSettingResponse(row, limits), 200);
  })
  .openapi(save, async (c) => {
    const { db } = c.get("deps");
    const input = c.req.valid("json");
    if (input.logoUrl && !(await findUpload(db, input.logoUrl)))
      throw validationError({ logoUrl: MESSAGES.logoNotUploaded });
    const limits = await chainStakeLimits(db);
    if (limits && !multipleDivides(input.multiplyOf, BigInt(limits.minStake)))
      throw validationError({ multiplyOf: MESSAGES.multipleNotDividingMinimum });
    const by = auditActor(c);
    const row = await db.transaction().execute(async (tx) => {
      const current = await lockSettings(tx);
      const saved = await saveSettings(tx, input);
      await recordAudit(tx, {
        by,
        action: "setting.update",
        recordType: "setting",
        recordId: String(saved.id),
        before: current ? toSettingResponse(current, limits) : null,
        after: toSettingResponse(saved, limits),
      });
      return saved;
    });
    return c.json({ message: MESSAGES.settingUpdated, data: toSettingResponse(row, limits) }, 200);
  })
  .openapi(recordLimitChange, async (c) => {
    const { db } = c.get("deps");
    const { tnxHash } = c.req.valid("json");
    const by = auditActor(c);
    await db.transaction().execute(async (tx) => {
      const claim = await limitChangeClaim(tx, tnxHash);
      if (claim === "unknown") throw new AppError("notFound", MESSAGES.stakeLimitChangeUnknown);
      if (claim === "notClaimable") throw new AppError("conflict", MESSAGES.stakeLimitChangeNotClaimable);
      if (!(await recordPortalLimitChange(tx, tnxHash, c.get("session")!.sub))) return;
      await recordAudit(tx, {
        by,
        action: "stakeLimit.change",
        recordType: "setting",
        recordId: null,
        after: await limitChangeOf(tx, tnxHash),
        txHash: tnxHash,
      });
    });
    return c.json({ message: MESSAGES.stakeLimitChangeRecorded }, 200);
  });
