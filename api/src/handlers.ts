import { adminDigestJob } from "./alert/jobs.ts";
import { scanPayouts, scanUnlocks } from "./alert/chain-scan.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { incentiveAccrualJob } from "./incentive/accrual.ts";
import { matchPayments } from "./incentive/payments.ts";
import { sendPendingMails, type MailSenderDeps } from "./mail/outbox.ts";
import { reconcileStakedNodes, stakedApprovedExists } from "./node/reconcile.ts";
import { nodeMonitorJob } from "./node-monitor/monitor.ts";
import { applyExecutedRecordUpdates, recordUpdatesDueExist } from "./safe/record-update.ts";
import type { ScheduledJob } from "./scheduler/scheduler.ts";
import type { Handler } from "./shared/handlers.ts";
import type { Log } from "./shared/logger.ts";
import type { PublicClient } from "viem";
import { validatorRecheckJob } from "./validator/recheck.ts";
import type { ValidatorCheck } from "./validator-check/validator-check.ts";
import { deliverPendingWebhooks, webhookPruneJob, type WebhookSenderDeps } from "./webhook/delivery.ts";

/** Every named handler, by the name logs, wakes and `handlers.run` use. */
export const HANDLER = {
  nodeReconcile: "node-reconcile",
  paymentMatching: "payment-matching",
  unlockScan: "unlock-scan",
  mail: "mail-outbox",
  webhook: "webhook-outbox",
  nodeMonitor: "node-monitor",
  incentiveAccrual: "incentive-accrual",
  adminDigest: "admin-digest",
  webhookPrune: "webhook-prune",
  safeRecordUpdates: "safe-record-updates",
  validatorRecheck: "validator-recheck",
} as const;

export interface HandlerDeps {
  config: Config;
  db: Db;
  chain: PublicClient;
  log: Log;
  mailSender: MailSenderDeps;
  webhookSender: WebhookSenderDeps;
  /** Claims the due webhook deliveries beside the attempts still going (a stalled receiver holds back its own only). */
  fillWebhooks: () => Promise<void>;
  /** Who is a validator: the external service when VALIDATOR_CHECK_URL is set, else the built-in directory. */
  validatorCheck: ValidatorCheck;
}

const EVERY_MINUTE = "* * * * *";
/** A scheduled job as a handler run by its schedule alone (and by name). */
const scheduled = (name: string, job: ScheduledJob, wakes?: readonly string[]): Handler => ({
  name,
  on: [],
  schedule: { job: job.name, cron: job.cron, expireInSeconds: job.expireInSeconds },
  run: () => job.run(),
  ...(wakes ? { wakes } : {}),
});

/**
 * What runs after a change: every handler and what triggers it, in one list (docs/developing.md, "After a change",
 * repeats it for readers). Triggers come through one wake path (shared/handlers.ts): the indexer's checkpoint
 * (`indexed`, each newly indexed range), the database's announcements (`announced`), a wake by name from the route or
 * handler that recorded outgoing work, and pg-boss schedules for anything a wake missed and work on a clock.
 *
 * After an indexed range, nodes follow their stakes before the range's live event goes out, so a page the event
 * refreshes shows the node Active; incentive rows follow their payments before an event naming rewards goes out (on
 * other ranges matching can only take back a payment a reorg removed, which the incentive row's own announcement
 * relays, so the event does not wait for its transaction). Payout and unlock alerts are recorded, then sent.
 */
export function afterChangeHandlers(deps: HandlerDeps): Handler[] {
  const { config, db, chain, log, mailSender, webhookSender } = deps;
  const senders = [HANDLER.mail, HANDLER.webhook];
  return [
    {
      name: HANDLER.nodeReconcile,
      // Approved -> Active once the stake is indexed (`indexed`) or once an admin approves a node already staked
      // (a node's announcement): within a second of either, with no polling. Other records' announcements (settings,
      // tickets, ...) and indexed ranges without a stake event cannot make a node Active (every change of a stake
      // position comes with its stake event), and each run joins every Approved node with the chain's positions.
      on: ["indexed", "announced", "started"],
      announcedTopics: ["node"],
      indexedTopics: ["stake"],
      beforeEvent: () => true,
      due: () => stakedApprovedExists(),
      schedule: { job: "node-reconcile", cron: EVERY_MINUTE, expireInSeconds: 60 },
      run: () => reconcileStakedNodes(db),
    },
    {
      name: HANDLER.paymentMatching,
      on: ["indexed"],
      beforeEvent: (topics) => topics.includes("reward"),
      schedule: { job: "payment-matching", cron: EVERY_MINUTE, expireInSeconds: 5 * 60 },
      run: async () => {
        await matchPayments(db);
        await scanPayouts(db, {
          confirmations: config.CHAIN_ALERT_CONFIRMATIONS,
          priceFeed: config.PRICE_FEED_ADDRESS,
        });
      },
      wakes: senders,
    },
    {
      name: HANDLER.safeRecordUpdates,
      // A record's status follows its Safe proposal's execution, once indexed: before the range's live event, so a
      // page it refreshes shows the new status.
      on: ["indexed"],
      beforeEvent: () => true,
      due: () => recordUpdatesDueExist(db),
      schedule: { job: "safe-record-updates", cron: EVERY_MINUTE, expireInSeconds: 5 * 60 },
      run: () => applyExecutedRecordUpdates(db),
      wakes: senders,
    },
    {
      name: HANDLER.unlockScan,
      on: ["indexed"],
      schedule: { job: "unlock-scan", cron: EVERY_MINUTE, expireInSeconds: 5 * 60 },
      run: () => scanUnlocks(db, config.CHAIN_ALERT_CONFIRMATIONS),
      wakes: senders,
    },
    {
      name: HANDLER.mail,
      on: [],
      schedule: { job: "mails", cron: EVERY_MINUTE, expireInSeconds: 5 * 60 },
      run: () => sendPendingMails(mailSender),
    },
    {
      name: HANDLER.webhook,
      on: [],
      // A wake claims beside the attempts under way; the minute's run also retries what is due after its backoff.
      schedule: { job: "webhooks", cron: EVERY_MINUTE, expireInSeconds: 5 * 60 },
      run: () => deps.fillWebhooks(),
    },
    scheduled(
      HANDLER.nodeMonitor,
      nodeMonitorJob(db, config, log, () => deliverPendingWebhooks(webhookSender)),
      [HANDLER.mail],
    ),
    scheduled(HANDLER.incentiveAccrual, incentiveAccrualJob({ db, chain, log })),
    scheduled(HANDLER.adminDigest, adminDigestJob(mailSender)),
    scheduled(HANDLER.webhookPrune, webhookPruneJob(webhookSender)),
    // The built-in directory ends sessions and sets roles itself, when an admin changes it.
    ...(config.VALIDATOR_CHECK_URL
      ? [scheduled(HANDLER.validatorRecheck, validatorRecheckJob({ db, config, check: deps.validatorCheck, log }))]
      : []),
  ];
}
