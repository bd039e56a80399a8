import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { checkHealth } from "./service.ts";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { db, chain, config } = c.var.deps;
  const health = await checkHealth(db, chain, config.CHAIN_ID);
  return c.json(health, health.status === "ok" ? 200 : 503);
});
