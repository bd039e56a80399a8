import { createRoute } from "@hono/zod-openapi";
import { createRouter, describe, jsonResponse } from "../shared/openapi.ts";
import { healthSchema, HEALTH_PATH } from "./schema.ts";
import { currentHealth } from "./service.ts";

const health = createRoute({
  method: "get",
  path: HEALTH_PATH,
  ...describe("public", "Database, chain head, indexed block and lag"),
  responses: { 200: jsonResponse(healthSchema, "Every part is up"), 503: jsonResponse(healthSchema, "A part is down") },
});

export const healthRoutes = createRouter().openapi(health, async (c) => {
  const { db, chain, config } = c.var.deps;
  const result = await currentHealth(db, chain, config.CHAIN_ID);
  return result.status === "ok" ? c.json(result, 200) : c.json(result, 503);
});
