import { serve } from "@hono/node-server";
import { adminDigestJob } from "./alert/jobs.ts";
import { createApp } from "./app.ts";
import { ChainProbeError } from "@pli/abis";
import { createChainClient } from "./chain/client.ts";
import { probeAtStart } from "./chain/probe.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { createDb } from "./db/database.ts";
import { runtimeRoleProblem } from "./db/roles.ts";
import { incentiveAccrualJob } from "./incentive/accrual.ts";
import { chainFollowUps } from "./live/chain-follow-ups.ts";
import { LiveHub } from "./live/hub.ts";
import { listenToIndexer } from "./live/indexer-listener.ts";
import { mailJob, mailQueueOf } from "./mail/jobs.ts";
import { MAIL_TEMPLATES } from "./mail-templates.ts";
import { METRICS_PATH } from "./metrics/schema.ts";
import { createApiMetrics } from "./metrics/server.ts";
import { createMailer } from "./mail/mailer.ts";
import { startNodeReconciler } from "./node/reconcile.ts";
import { nodeMonitorJob } from "./node-monitor/monitor.ts";
import { startScheduler } from "./scheduler/scheduler.ts";
import { ensureDefaultSettings } from "./setting/repository.ts";
import { withDirectBodies } from "./shared/direct-body.ts";
import { createLogger, prettyDestination } from "./shared/logger.ts";
import { createValidatorCheck } from "./validator-check/validator-check.ts";
import { deliverPendingWebhooks, webhookJob, webhookPruneJob, webhookQueueOf } from "./webhook/delivery.ts";
import { systemResolver } from "./webhook/guard.ts";
import { sealStoredSecrets } from "./webhook/repository.ts";
import { webhookSecretKey } from "./webhook/secret-box.ts";

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
const live = new LiveHub();
const mailer = createMailer(config, log);
const mailSender = {
  db,
  mailer,
  log,
  templates: MAIL_TEMPLATES,
  publicUrl: config.PUBLIC_URL,
  explorerTxUrl: config.EXPLORER_TX_URL,
  priceFeed: config.PRICE_FEED_ADDRESS,
};
/**
 * Routes wake it after recording mails: this instance sends them at once (scheduler or not); the minute job sends any
 * left.
 */
const mailQueue = mailQueueOf(mailSender);
const webhookSender = {
  db,
  log,
  reach: { production: config.APP_ENV === "production", resolve: systemResolver },
  secretKey: webhookSecretKey(config),
  telegramApiUrl: config.WEBHOOK_TELEGRAM_API_URL,
  builtInDirectory: !config.VALIDATOR_CHECK_URL,
  wakeMail: () => mailQueue.wake(),
};
/** The node monitor and the webhook test wake it after recording webhook events; the minute job retries what failed. */
const webhookQueue = webhookQueueOf(webhookSender);
/** An alert is recorded for both channels in one transaction (alert/events.ts): its recorder wakes both senders. */
const alertQueue = {
  wake() {
    mailQueue.wake();
    webhookQueue.wake();
  },
};
/** Only with METRICS_PORT set: the metrics never share the public port. */
const metrics = config.METRICS_PORT === undefined ? undefined : createApiMetrics({ config, db, chain, live });
const app = createApp({
  config,
  db,
  chain,
  log,
  mailer,
  validatorCheck: createValidatorCheck(config, db),
  live,
  mailQueue: alertQueue,
  webhooks: { reach: webhookSender.reach, queue: webhookQueue, secretKey: webhookSender.secretKey },
  requestMetrics: metrics?.http,
});
const beforePublish = chainFollowUps({
  db,
  log,
  wakeMail: () => alertQueue.wake(),
  priceFeed: config.PRICE_FEED_ADDRESS,
});
const indexerListener = listenToIndexer({ databaseUrl: config.DATABASE_URL, db, hub: live, log, beforePublish });
const stopReconciler = startNodeReconciler(db, log);
void sealStoredSecrets(db, webhookSender.secretKey).then(
  (sealed) => (sealed > 0 ? log.info({ sealed }, "webhooks: sealed secrets stored in plaintext") : undefined),
  (error: unknown) => log.error({ err: error }, "webhooks: sealing stored secrets failed"),
);
// A fresh install serves the default settings (and with them the chain's stake limits) before any admin saves them.
if (await ensureDefaultSettings(db)) log.info("settings: the defaults were stored");
const server = serve(
  { fetch: withDirectBodies(app.fetch), port: config.API_PORT, hostname: config.API_HOST },
  (info) => {
    log.info({ address: info.address, port: info.port }, `API listening on http://${info.address}:${info.port}`);
  },
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
      jobs: [
        nodeMonitorJob(db, config, log, () => deliverPendingWebhooks(webhookSender)),
        incentiveAccrualJob({ db, chain, log }),
        mailJob(mailSender),
        adminDigestJob(mailSender),
        webhookJob(webhookSender),
        webhookPruneJob(webhookSender),
      ],
      log,
      checkSeconds: config.SCHEDULER_CHECK_SECONDS,
    })
  : Promise.resolve(null);

async function shutdown() {
  server.close();
  await metrics?.close();
  await stopReconciler();
  await (await scheduler)?.stop();
  await indexerListener.stop();
  await db.destroy();
  process.exit(0);
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
