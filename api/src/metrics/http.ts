import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { Counter, Histogram } from "prom-client";
import type { AppEnv } from "../app-env.ts";
import type { HttpLabels } from "./registry.ts";

/** Methods counted by name; any other (a client may send anything) is counted as `other`, so labels stay few. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Counts each answered request and its duration by route pattern (the route Hono matched, never the URL, whose ids
 * would make a series per record), method and status. A live stream counts when its headers leave.
 */
export const httpMetrics = (requests: Counter<HttpLabels>, durations: Histogram<HttpLabels>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const labels = {
      method: METHODS.has(c.req.method) ? c.req.method : "other",
      route: routePath(c),
      status: String(c.res.status),
    };
    requests.inc(labels);
    durations.observe(labels, (performance.now() - started) / 1000);
  });
