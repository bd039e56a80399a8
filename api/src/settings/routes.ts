import { Hono } from "hono";
import { MESSAGES, settingUpdateSchema } from "../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { adminOnly } from "../auth/middleware.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { validate } from "../shared/validate.ts";
import { findUpload } from "../upload/repository.ts";
import { getSettings, saveSettings, toSettingResponse } from "./repository.ts";

export const settingRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const row = await getSettings(c.var.deps.db);
    if (!row) throw new AppError("notFound", MESSAGES.notFound);
    return c.json(toSettingResponse(row));
  })
  .post("/", adminOnly, validate("json", settingUpdateSchema), async (c) => {
    const input = c.req.valid("json");
    if (input.logoUrl && !(await findUpload(c.var.deps.db, input.logoUrl))) throw validationError({ logoUrl: MESSAGES.logoNotUploaded });
    const row = await saveSettings(c.var.deps.db, input);
    return c.json({ message: MESSAGES.settingUpdated, data: toSettingResponse(row) });
  });
