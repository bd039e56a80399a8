import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { mailOf, recordMails } from "../mail/index.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import type { Log } from "../shared/logger.ts";
import { requestFor, type WebhookMessage } from "./formats.ts";
import type { WebhookReach } from "./guard.ts";
import {
  deliveredStatus,
  maskedTarget,
  retryDelaySeconds,
  WEBHOOK_LIMITS,
  WEBHOOK_OUTCOME,
  type WebhookKind,
} from "./rules.ts";
import { outboxWorker, type AttemptEnd, type ClaimedRow, type OutboxChannel } from "../shared/outbox.ts";
import { open, openOrNull } from "./secret-box.ts";
import { postOnce } from "./send.ts";

export interface WebhookSenderDeps {
  db: Db;
  log: Log;
  reach: WebhookReach;
  /** Telegram's Bot API address (WEBHOOK_TELEGRAM_API_URL). */
  telegramApiUrl: string;
  /** The key webhook targets, secrets and bot tokens are sealed with (secret-box.ts). */
  secretKey: Buffer;
  /**
   * Whether operators come from the built-in validator directory (no VALIDATOR_CHECK_URL): then one removed from it
   * receives nothing, as a disabled one does. An external directory is asked only at sign-in.
   */
  builtInDirectory: boolean;
  /** Wakes the sending of mails, after a webhook was turned off and its operator's mail recorded. */
  wakeMail: () => void;
  /** The whole of one attempt, in ms: WEBHOOK_LIMITS.attemptDeadlineMs unless a test shortens it. */
  attemptDeadlineMs?: number;
}

interface Claimed {
  id: string;
  webhook_id: string;
  message: WebhookMessage;
  attempts: number;
  operator_id: string;
  kind: WebhookKind;
  target: string;
  token: string | null;
  secret: string | null;
  enabled: boolean;
  /** The operator is neither disabled nor (with the built-in directory) removed from the validator directory. */
  operator_active: boolean;
}

/** What an attempt needs of the claimed deliveries: their webhook, and whether its operator may still receive. */
async function loadClaimed(deps: WebhookSenderDeps, tx: Db, claimed: ClaimedRow[]) {
  const { rows } = await sql<Claimed & ClaimedRow>`
    SELECT d.*, w.operator_id, w.kind, w.target, w.token, w.secret, w.enabled,
      o.disabled_at IS NULL AND (NOT ${deps.builtInDirectory} OR EXISTS (
        SELECT 1 FROM app.validator_directory AS v WHERE v.wallet_address = o.wallet_address
      )) AS operator_active
    FROM app.webhook_delivery AS d
    JOIN app.webhook AS w ON w.id = d.webhook_id
    JOIN app.operator AS o ON o.id = w.operator_id
    WHERE d.id IN (${sql.join(claimed.map((row) => sql`${row.id}`))})
  `.execute(tx);
  return rows;
}

/**
 * One attempt at a claimed delivery: dropped without posting when its webhook is off or its operator inactive; else
 * posted (within the attempt's deadline) and logged (the last WEBHOOK_LIMITS.logKept per webhook are kept). The engine
 * tries a failed one again after retryDelaySeconds, up to WEBHOOK_LIMITS.attempts; after
 * WEBHOOK_LIMITS.disableAfterFailures failures in a row the webhook is turned off, its waiting deliveries dropped, and
 * its operator mailed.
 */
async function attemptDelivery(deps: WebhookSenderDeps, delivery: Claimed): Promise<AttemptEnd> {
  const { db } = deps;
  if (!delivery.enabled || !delivery.operator_active)
    return { done: delivery.enabled ? WEBHOOK_OUTCOME.operatorInactive : WEBHOOK_OUTCOME.disabled };
  const started = performance.now();
  const hook = {
    ...delivery,
    target: open(deps.secretKey, "webhook.target", delivery.target),
    token: openOrNull(deps.secretKey, "webhook.token", delivery.token),
    secret: openOrNull(deps.secretKey, "webhook.secret", delivery.secret),
  };
  const sent = await postOnce(
    requestFor(hook, delivery.message, { telegramApiUrl: deps.telegramApiUrl, now: new Date() }),
    deps.reach,
    {
      deadlineMs: deps.attemptDeadlineMs ?? WEBHOOK_LIMITS.attemptDeadlineMs,
      answerBytes: WEBHOOK_LIMITS.answerBytes,
    },
  );
  const ok = sent.status !== undefined && deliveredStatus(sent.status);
  const error = ok ? null : (sent.error ?? `HTTP ${sent.status}`);
  const fields = { webhookId: delivery.webhook_id, event: delivery.message.event, attempt: delivery.attempts };
  // The attempt log is what the operator reads of it; failing to write it must not make a delivered message a failed
  // one (it would be posted again).
  await logAttempt(db, delivery.webhook_id, {
    event: delivery.message.event,
    at: new Date(),
    http_status: sent.status ?? null,
    error: sent.error ?? null,
    latency_ms: Math.round(performance.now() - started),
  }).catch((failure: unknown) => deps.log.error({ ...fields, err: failure }, "webhook attempt not logged"));
  if (ok) {
    deps.log.info(fields, "webhook delivered");
    return {
      done: WEBHOOK_OUTCOME.delivered,
      after: () =>
        db.updateTable("app.webhook").set({ failures_in_row: 0 }).where("id", "=", delivery.webhook_id).execute(),
    };
  }
  deps.log.warn({ ...fields, error, ...(sent.detail ? { detail: sent.detail } : {}) }, "webhook not delivered");
  return {
    failed: error!,
    after: async () => {
      if (await countFailure(deps, { ...delivery, target: hook.target }, error!)) deps.wakeMail();
    },
  };
}

/** The webhook channel of the outbox engine (shared/outbox.ts): up to WEBHOOK_LIMITS.parallel webhooks at once. */
function webhookChannel(deps: WebhookSenderDeps): OutboxChannel<Claimed> {
  return {
    name: "webhook",
    table: {
      name: "app.webhook_delivery",
      key: ["id"],
      order: ["next_attempt_at", "created_at", "id"],
      due: "next_attempt_at",
      oneAtATimePer: { column: "webhook_id", parent: "app.webhook" },
    },
    maxAttempts: WEBHOOK_LIMITS.attempts,
    parallel: WEBHOOK_LIMITS.parallel,
    backoffSeconds: retryDelaySeconds,
    load: (tx, claimed) => loadClaimed(deps, tx, claimed),
    attempt: (delivery) => attemptDelivery(deps, delivery),
  };
}

/**
 * A sender that keeps up to WEBHOOK_LIMITS.parallel webhooks' attempts going at once, one at a time per webhook: a
 * receiver that stalls holds its own webhook's deliveries only, each for at most the attempt deadline.
 */
function webhookSender(deps: WebhookSenderDeps, now?: () => Date) {
  const worker = outboxWorker(deps, webhookChannel(deps), now);
  const tally = {
    get delivered() {
      return worker.tally[WEBHOOK_OUTCOME.delivered] ?? 0;
    },
    get failed() {
      return worker.tally[WEBHOOK_OUTCOME.failed] ?? 0;
    },
  };
  return { fill: worker.fill, idle: worker.idle, tally };
}

/**
 * Delivers every recorded webhook event due by `now` (or by the database's clock, which stamps new deliveries in
 * microseconds where `now` has milliseconds: a delivery recorded in the same millisecond is due too), and answers once
 * none is left due or in flight. Deliveries to different webhooks go side by side; one webhook's go one at a time, in
 * order. Each delivery is claimed (see claimDue) before it is posted, so however many runs overlap it is posted once
 * per attempt.
 */
export async function deliverPendingWebhooks(deps: WebhookSenderDeps, now?: Date) {
  const sender = webhookSender(deps, now && (() => now));
  await sender.fill();
  await sender.idle();
  return { delivered: sender.tally.delivered, failed: sender.tally.failed };
}

/** Adds an attempt to the webhook's log, keeping its last WEBHOOK_LIMITS.logKept. */
async function logAttempt(
  db: Db,
  webhookId: string,
  attempt: { event: string; at: Date; http_status: number | null; error: string | null; latency_ms: number },
) {
  await db
    .insertInto("app.webhook_attempt")
    .values({ webhook_id: webhookId, ...attempt })
    .execute();
  await sql`
    DELETE FROM app.webhook_attempt WHERE webhook_id = ${webhookId} AND id <= (
      SELECT id FROM app.webhook_attempt WHERE webhook_id = ${webhookId}
      ORDER BY id DESC OFFSET ${WEBHOOK_LIMITS.logKept} LIMIT 1
    )
  `.execute(db);
}

/**
 * Counts a failed attempt; at the limit turns the webhook off and records the mail telling its operator, one for each
 * time it is turned off (keyed by that moment: a webhook turned back on and off again is told of again).
 */
async function countFailure(deps: WebhookSenderDeps, delivery: Claimed, error: string): Promise<boolean> {
  return deps.db.transaction().execute(async (tx) => {
    const turnedOff = await tx
      .updateTable("app.webhook")
      .set((eb) => ({
        failures_in_row: eb("failures_in_row", "+", 1),
        enabled: sql<boolean>`failures_in_row + 1 < ${WEBHOOK_LIMITS.disableAfterFailures}`,
      }))
      .where("id", "=", delivery.webhook_id)
      .where("enabled", "=", true)
      .returning(["enabled", sql<Date>`now()`.as("turned_off_at")])
      .executeTakeFirst();
    if (!turnedOff || turnedOff.enabled) return false;
    await tx
      .updateTable("app.webhook_delivery")
      .set({ done_at: new Date(), outcome: WEBHOOK_OUTCOME.disabled })
      .where("webhook_id", "=", delivery.webhook_id)
      .where("done_at", "is", null)
      .where("claimed_at", "is", null)
      .execute();
    await recordMails(tx, [
      mailOf(
        "webhookDisabled",
        `${delivery.webhook_id}:${turnedOff.turned_off_at.toISOString()}`,
        { type: "user", id: delivery.operator_id },
        { kind: delivery.kind, target: maskedTarget(delivery.kind, delivery.target), lastError: error },
      ),
    ]);
    deps.log.warn({ webhookId: delivery.webhook_id }, "webhook turned off after repeated failures");
    return true;
  });
}

/** Delivers recorded events soon after a transaction recorded them; the webhook handler's schedule takes any left, and retries. */
export interface WebhookQueue {
  wake(): void;
}

/**
 * Delivers in this process when woken: each wake claims what is due at once, beside the attempts still going (a stalled
 * receiver never holds another webhook's delivery back); safe beside the webhook job and other instances.
 */
export function webhookQueueOf(
  deps: WebhookSenderDeps,
): WebhookQueue & { fill(): Promise<void>; idle(): Promise<void> } {
  const sender = webhookSender(deps);
  return {
    fill: sender.fill,
    wake() {
      sender.fill().catch((error: unknown) => deps.log.error({ err: error }, "webhooks: delivery failed"));
    },
    idle: sender.idle,
  };
}

/** Finished deliveries deleted at once by the pruning, so no statement holds many rows for long. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes the deliveries finished more than WEBHOOK_LIMITS.finishedKeptDays before `now` (those waiting or retrying
 * stay, however old): an event recorded again within those days still finds its `(webhook, event)` row and is not
 * delivered twice. Answers how many it deleted.
 */
export async function pruneFinishedDeliveries(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LIMITS.finishedKeptDays * 86_400_000);
  let pruned = 0;
  for (;;) {
    const { numAffectedRows } = await sql`
      DELETE FROM app.webhook_delivery WHERE id IN (
        SELECT id FROM app.webhook_delivery WHERE done_at < ${before} LIMIT ${PRUNE_BATCH}
      )
    `.execute(db);
    pruned += Number(numAffectedRows ?? 0);
    if (Number(numAffectedRows ?? 0) < PRUNE_BATCH) return pruned;
  }
}

/** The pg-boss job that prunes finished deliveries once a day. */
export const WEBHOOK_PRUNE_JOB = "webhook-prune";

export function webhookPruneJob(deps: Pick<WebhookSenderDeps, "db" | "log">): ScheduledJob {
  return {
    name: WEBHOOK_PRUNE_JOB,
    cron: "40 3 * * *",
    expireInSeconds: 15 * 60,
    async run() {
      const pruned = await pruneFinishedDeliveries(deps.db);
      deps.log.info({ job: WEBHOOK_PRUNE_JOB, pruned }, "webhooks: finished deliveries pruned");
    },
  };
}
