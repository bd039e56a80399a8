import { createApp } from "./app.ts";
import { createDeps } from "./deps.ts";
import { ChainProbeError } from "@pli/abis";
import { createChainClient } from "./chain/client.ts";
import { probeAtStart } from "./chain/probe.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { createDb } from "./db/database.ts";
import { runtimeRoleProblem } from "./db/roles.ts";
import { listenToIndexer } from "./live/indexer-listener.ts";
import { METRICS_PATH } from "./metrics/schema.ts";
import { createApiMetrics, QUICK_READ_LIMITS } from "./metrics/server.ts";
import { startScheduler } from "./scheduler/scheduler.ts";
import { ensureDefaultSettings } from "./setting/repository.ts";
import { AnswerReplays } from "./shared/answer-replay.ts";
import { serveApi } from "./shared/serve.ts";
import { createLogger, prettyDestination } from "./shared/logger.ts";
import { sealStoredSecrets } from "./webhook/repository.ts";

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

const config = readConfig();
const pretty = config.LOG_PRETTY ?? (config.APP_ENV !== "production" && process.stdout.isTTY);
const log = createLogger({ level: config.LOG_LEVEL, destination: pretty ? await prettyDestination() : undefined });
const db = createDb(config.DATABASE_URL, undefined, {
  onIdleError: (error) => log.warn({ err: error }, "database: an idle connection was lost"),
});
// The API's own role owns nothing (docs/running.md, "Database roles"): production refuses to start as the owner or a superuser.
// A database that cannot be reached yet is not checked: the API starts and answers 503 until it is back.
const roleProblem = await runtimeRoleProblem(db).catch(() => null);
if (roleProblem && config.APP_ENV === "production") {
  log.fatal(roleProblem);
  console.error(roleProblem);
  process.exit(2);
}
if (roleProblem) log.warn(roleProblem);
const chain = createChainClient(config.RPC_URL);
const stopOnMismatch = (error: ChainProbeError) => {
  log.fatal(error.message);
  console.error(error.message);
  process.exit(2);
};
await probeAtStart(chain, config, log, stopOnMismatch).catch((error: unknown) => {
  if (error instanceof ChainProbeError) stopOnMismatch(error);
  throw error;
});
/** One connection to the analysts' replica, for its lag only; its queries give up as quickly as the metrics' reads. */
const analystReplica =
  config.ANALYST_REPLICA_URL === undefined
    ? undefined
    : createDb(config.ANALYST_REPLICA_URL, 1, { limits: QUICK_READ_LIMITS, onIdleError: () => undefined });
const { deps, webhookSender, handlers } = createDeps(config, { db, analystReplica, log, chain });
/** Only with METRICS_PORT set: the metrics never share the public port. */
const metrics =
  config.METRICS_PORT === undefined
    ? undefined
    : createApiMetrics({ config, db, analystReplica, chain, live: deps.live });
const appDeps = { ...deps, requestMetrics: metrics?.http };
const app = createApp(appDeps);
const indexerListener = listenToIndexer({
  databaseUrl: config.DATABASE_URL,
  db,
  hub: deps.live,
  log,
  beforePublish: (topics, due) => handlers.trigger("indexed", topics, due),
  dueChecks: () => handlers.dueChecks(),
  onAnnounced: (topics) => void handlers.trigger("announced", topics),
});
void handlers.trigger("started");
void sealStoredSecrets(db, webhookSender.secretKey).then(
  (sealed) => (sealed > 0 ? log.info({ sealed }, "webhooks: sealed secrets stored in plaintext") : undefined),
  (error: unknown) => log.error({ err: error }, "webhooks: sealing stored secrets failed"),
);
// A fresh install serves the default settings (and with them the chain's stake limits) before any admin saves them.
if (await ensureDefaultSettings(db)) log.info("settings: the defaults were stored");
const server = serveApi(
  app.fetch,
  { port: config.API_PORT, hostname: config.API_HOST },
  (info) => {
    log.info({ address: info.address, port: info.port }, `API listening on http://${info.address}:${info.port}`);
  },
  new AnswerReplays(appDeps),
);
if (metrics)
  void metrics.listen().then(
    (port) => log.info({ port }, `metrics on http://${config.METRICS_HOST}:${port}${METRICS_PATH}`),
    (error: unknown) => {
      log.fatal({ err: error }, "metrics: cannot listen");
      process.exit(1);
    },
  );

/**
 * Started beside the server rather than before it: requests never wait for pg-boss to prepare its schema and
 * schedules, so a new replica answers sooner. A failure to start still ends the process.
 */
const scheduler = config.SCHEDULER_ENABLED
  ? startScheduler({
      databaseUrl: config.DATABASE_URL,
      jobs: handlers.scheduledJobs(),
      log,
      checkSeconds: config.SCHEDULER_CHECK_SECONDS,
    })
  : Promise.resolve(null);

async function shutdown() {
  server.close();
  await metrics?.close();
  await (await scheduler)?.stop();
  await indexerListener.stop();
  await handlers.settled();
  await db.destroy();
  await analystReplica?.destroy();
  process.exit(0);
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
