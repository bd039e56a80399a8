import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { Counter, Histogram } from "prom-client";
import type { AppEnv } from "../app-env.ts";
import type { HttpLabels } from "./registry.ts";

/** Methods counted by name; any other (a client may send anything) is counted as `other`, so labels stay few. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts one answered request: its method, route pattern, status, and when it came in (performance.now()). */
export type RequestCounter = (method: string, route: string, status: number, started: number) => void;

/**
 * Counts each answered request and its duration by route pattern (the route Hono matched, never the URL, whose ids
 * would make a series per record), method and status.
 */
export const httpMetrics =
  (requests: Counter<HttpLabels>, durations: Histogram<HttpLabels>): RequestCounter =>
  (method, route, status, started) => {
    const labels = { method: METHODS.has(method) ? method : "other", route, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, (performance.now() - started) / 1000);
  };

/** Counts every request the app answers with `count`; a live stream counts when its headers leave. */
export const countRequests = (count: RequestCounter) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    count(c.req.method, routePath(c), c.res.status, started);
  });
