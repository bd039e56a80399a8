/**
 * An operator's alert preferences (which kinds of mail they get), the events that raise alert mails and webhooks (a
 * node inactive or stopped, a node's or job's status changed, a stake unlocked, an incentive paid), the scan of the
 * indexed chain for unlocks and the admins' daily digest (`/api/alert/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { userBefore2fa } from "../auth/index.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { preferencesOf, savePreferences } from "./repository.ts";
import { ALERT_MESSAGES, alertPreferencesSavedSchema, alertPreferencesSchema, ALERT_PATHS } from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden } = ERROR_RESPONSES;

const read = createRoute({
  method: "get",
  path: ALERT_PATHS.preferences,
  ...describe("user", "The signed-in operator's alert mails, each kind on or off (on until turned off)"),
  middleware: [userBefore2fa] as const,
  responses: {
    200: jsonResponse(alertPreferencesSchema, "Each kind: true when its mail is sent"),
    401: unauthorized,
    403: forbidden,
  },
});

const save = createRoute({
  method: "put",
  path: ALERT_PATHS.preferences,
  ...describe("user", "Turn the signed-in operator's alert mails on or off, every kind named"),
  middleware: [userBefore2fa] as const,
  request: jsonBody(alertPreferencesSchema),
  responses: {
    200: jsonResponse(alertPreferencesSavedSchema, "Saved"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
  },
});

export const alertRoutes = createRouter()
  .openapi(read, async (c) => c.json(await preferencesOf(c.get("deps").db, c.get("session")!.sub), 200))
  .openapi(save, async (c) => {
    const { db } = c.get("deps");
    const operatorId = c.get("session")!.sub;
    await savePreferences(db, operatorId, c.req.valid("json"));
    return c.json({ message: ALERT_MESSAGES.alertPreferencesSaved, data: await preferencesOf(db, operatorId) }, 200);
  });
