import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { MESSAGES } from "../contract/index.ts";
import { adminOnly } from "../auth/middleware.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { findUpload } from "../upload/repository.ts";
import { getSettings, saveSettings, toSettingResponse } from "./repository.ts";
import { settingResponseSchema, settingUpdateSchema } from "./schema.ts";

const read = createRoute({
  method: "get",
  path: "/",
  ...describe("public", "Public site settings"),
  responses: { 200: jsonResponse(settingResponseSchema, "The settings"), 404: E[404] },
});

const save = createRoute({
  method: "post",
  path: "/",
  ...describe("admin", "Update site settings"),
  middleware: [adminOnly] as const,
  request: jsonBody(settingUpdateSchema),
  responses: { 200: jsonResponse(z.object({ message: z.string(), data: settingResponseSchema }), "Saved"), 400: E[400], 401: E[401], 403: E[403] },
});

export const settingRoutes = createRouter()
  .openapi(read, async (c) => {
    const row = await getSettings(c.var.deps.db);
    if (!row) throw new AppError("notFound", MESSAGES.notFound);
    return c.json(toSettingResponse(row), 200);
  })
  .openapi(save, async (c) => {
    const input = c.req.valid("json");
    if (input.logoUrl && !(await findUpload(c.var.deps.db, input.logoUrl))) throw validationError({ logoUrl: MESSAGES.logoNotUploaded });
    const row = await saveSettings(c.var.deps.db, input);
    return c.json({ message: MESSAGES.settingUpdated, data: toSettingResponse(row) }, 200);
  });
