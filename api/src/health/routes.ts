/**
 * The liveness and readiness answers (`/api/health/live`, `/api/health/ready`, `/api/health`): the database, the
 * applied migrations, the chain's head and the indexer's lag, checked at most once a second.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Deps } from "../app-env.ts";
import { createRouter, describe, jsonResponse } from "../shared/openapi.ts";
import { healthSchema, HEALTH_PATHS, livenessSchema } from "./schema.ts";
import { currentHealth } from "./service.ts";

const readinessResponses = {
  200: jsonResponse(healthSchema, "Ready: every part is up"),
  503: jsonResponse(healthSchema, "Not ready: the parts that are down say so"),
};

const live = createRoute({
  method: "get",
  path: HEALTH_PATHS.healthLive,
  ...describe("public", "Liveness: the process answers (no database or chain call)"),
  responses: { 200: jsonResponse(livenessSchema, "The process answers") },
});

const ready = createRoute({
  method: "get",
  path: HEALTH_PATHS.healthReady,
  ...describe(
    "public",
    "Readiness: database reachable, migrations applied, chain head known, indexer within READY_MAX_LAG_BLOCKS of it",
  ),
  responses: readinessResponses,
});

const health = createRoute({
  method: "get",
  path: HEALTH_PATHS.health,
  ...describe("public", "The readiness answer under its first path"),
  responses: readinessResponses,
});

/** Readiness, checked at most once per HEALTH_ANSWER_MS whichever path asks. */
const readiness = ({ db, chain, config, analystReplica }: Deps) =>
  currentHealth(db, chain, { chainId: config.CHAIN_ID, maxLag: config.READY_MAX_LAG_BLOCKS }, analystReplica);

export const healthRoutes = createRouter()
  .openapi(live, (c) => c.json({ status: "ok" as const }, 200))
  .openapi(ready, async (c) => {
    const result = await readiness(c.get("deps"));
    return result.status === "ok" ? c.json(result, 200) : c.json(result, 503);
  })
  .openapi(health, async (c) => {
    const result = await readiness(c.get("deps"));
    return result.status === "ok" ? c.json(result, 200) : c.json(result, 503);
  });
