import type { PublicClient } from "viem";
import type { Deps } from "./app-env.ts";
import { createChainClient } from "./chain/client.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { afterChangeHandlers, HANDLER } from "./handlers.ts";
import { LiveHub } from "./live/hub.ts";
import { fullCollection } from "./live/memory-release.ts";
import { MAIL_TEMPLATES } from "./mail-templates.ts";
import { createMailer } from "./mail/mailer.ts";
import type { MailSenderDeps } from "./mail/outbox.ts";
import { handlerRunner } from "./shared/handlers.ts";
import type { Log } from "./shared/logger.ts";
import { createValidatorCheck } from "./validator-check/validator-check.ts";
import { webhookQueueOf, type WebhookSenderDeps } from "./webhook/delivery.ts";
import { systemResolver, type HostResolver } from "./webhook/guard.ts";
import { webhookSecretKey } from "./webhook/secret-box.ts";

/**
 * The API's dependencies, built once from its configuration for the server (server.ts) and the test app alike: the
 * routes' Deps, the outbox senders, and the named handlers (api/src/handlers.ts) that routes and the indexer listener
 * wake. The caller owns the database pool and the logger (the server's log pretty-prints, a test's is captured).
 */
export function createDeps(
  config: Config,
  {
    db,
    analystReplica,
    log,
    chain = createChainClient(config.RPC_URL),
    resolveHost = systemResolver,
    onWake,
  }: {
    db: Db;
    /** The analysts' replica (ANALYST_REPLICA_URL), whose lag the health check and the metrics read. */
    analystReplica?: Db;
    log: Log;
    chain?: PublicClient;
    /** How webhook hosts resolve (tests prove the address guard without DNS). */
    resolveHost?: HostResolver;
    /** Told each wake instead of running the handler (the test app counts them; its tests run handlers themselves). */
    onWake?: (handler: string) => void;
  },
) {
  const mailer = createMailer(config, log);
  const mailSender: MailSenderDeps = {
    db,
    mailer,
    log,
    templates: MAIL_TEMPLATES,
    publicUrl: config.PUBLIC_URL,
    explorerTxUrl: config.EXPLORER_TX_URL,
  };
  const webhookSender: WebhookSenderDeps = {
    db,
    log,
    reach: { production: config.APP_ENV === "production", resolve: resolveHost },
    secretKey: webhookSecretKey(config),
    telegramApiUrl: config.WEBHOOK_TELEGRAM_API_URL,
    builtInDirectory: !config.VALIDATOR_CHECK_URL,
    wakeMail: () => handlers.wake(HANDLER.mail),
  };
  const webhookQueue = webhookQueueOf(webhookSender);
  const validatorCheck = createValidatorCheck(config, db);
  const handlers = handlerRunner(
    afterChangeHandlers({
      config,
      db,
      chain,
      log,
      mailSender,
      webhookSender,
      fillWebhooks: webhookQueue.fill,
      validatorCheck,
    }),
    log,
    onWake,
  );
  const live = new LiveHub({ releaseMemory: fullCollection(log) });
  const deps: Deps = {
    config,
    db,
    ...(analystReplica && { analystReplica }),
    chain,
    log,
    mailer,
    validatorCheck,
    live,
    // An alert is recorded for both channels in one transaction (alert/events.ts): its recorder wakes both senders.
    mailQueue: {
      wake() {
        handlers.wake(HANDLER.mail);
        handlers.wake(HANDLER.webhook);
      },
    },
    webhooks: {
      reach: webhookSender.reach,
      queue: { wake: () => handlers.wake(HANDLER.webhook) },
      secretKey: webhookSender.secretKey,
    },
  };
  return { deps, mailSender, webhookSender, webhookQueue, handlers };
}
