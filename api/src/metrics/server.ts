import { createHash, timingSafeEqual } from "node:crypto";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { Registry } from "prom-client";
import type { PublicClient } from "viem";
import type { Config } from "../config.ts";
import { createDb, poolUse, type Db } from "../db/database.ts";
import type { LiveHub } from "../live/index.ts";
import { httpMetrics } from "./http.ts";
import { createRegistry } from "./registry.ts";
import { METRICS_MESSAGES, METRICS_PATH } from "./schema.ts";
import { READING_TIMEOUT_MS, snapshots } from "./snapshot.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
function bearerMatches(authorization: string | undefined, token: string) {
  const match = /^Bearer (.+)$/i.exec(authorization ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** The metrics port's whole application: GET /metrics (with the bearer token when one is set), nothing else. */
export function metricsApp(registry: Registry, token: string | undefined) {
  const app = new Hono();
  app.get(METRICS_PATH, async (c) => {
    if (token !== undefined && !bearerMatches(c.req.header("authorization"), token))
      return c.json({ error: METRICS_MESSAGES.unauthorized }, 401, { "www-authenticate": "Bearer" });
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType });
  });
  app.notFound((c) => c.json({ error: METRICS_MESSAGES.notFound }, 404));
  return app;
}

/** A pool whose queries give up after READING_TIMEOUT_MS: the metrics' reads, and the analysts' replica's lag. */
export const QUICK_READ_LIMITS = {
  statement_timeout: READING_TIMEOUT_MS,
  query_timeout: READING_TIMEOUT_MS + 500,
  connectionTimeoutMillis: READING_TIMEOUT_MS,
} as const;

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

/**
 * The API instance's metrics: `http` counts requests (createApp's `requestMetrics`), `listen` serves them on
 * METRICS_PORT. The gauges' database reads go through a pool of their own (two connections, queries cut off after
 * READING_TIMEOUT_MS), so a scrape never takes a connection a request is waiting for, nor hangs on a slow database.
 */
export function createApiMetrics({
  config,
  db,
  analystReplica,
  chain,
  live,
}: {
  config: Pick<
    Config,
    "DATABASE_URL" | "CHAIN_ID" | "READY_MAX_LAG_BLOCKS" | "METRICS_PORT" | "METRICS_HOST" | "METRICS_TOKEN"
  >;
  db: Db;
  /** The analysts' replica, whose lag the health check reads (ANALYST_REPLICA_URL). */
  analystReplica?: Db;
  chain: PublicClient;
  live: LiveHub;
}) {
  const reader = createDb(config.DATABASE_URL, 2, { limits: QUICK_READ_LIMITS });
  const { registry, requests, durations } = createRegistry({
    liveStreams: () => live.size,
    answerCache: () => live.answers.stats,
    poolUse: () => poolUse(db),
    snapshot: snapshots({
      db,
      reader,
      analystReplica,
      chain,
      limits: { chainId: config.CHAIN_ID, maxLag: config.READY_MAX_LAG_BLOCKS },
    }),
  });
  const app = metricsApp(registry, config.METRICS_TOKEN);
  let server: ReturnType<typeof serve> | undefined;
  return {
    http: httpMetrics(requests, durations),
    registry,
    /** Starts serving on METRICS_PORT (METRICS_HOST); resolves with the port once listening. */
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        server = serve({ fetch: app.fetch, port: config.METRICS_PORT ?? 0, hostname: config.METRICS_HOST }, (info) =>
          resolve(info.port),
        );
        server.once("error", reject);
      });
    },
    async close() {
      const listening = server;
      if (listening?.listening) await new Promise((resolve) => listening.close(resolve));
      await reader.destroy();
    },
  };
}
