import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { mailOf, recordMails } from "../mail/outbox.ts";
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
  type WebhookOutcome,
} from "./rules.ts";
import { wakeQueueOf, type WakeQueue } from "../shared/wake-queue.ts";
import { openOrNull } from "./secret-box.ts";
import { postOnce } from "./send.ts";

export interface WebhookSenderDeps {
  db: Db;
  log: Log;
  reach: WebhookReach;
  /** Telegram's Bot API address (WEBHOOK_TELEGRAM_API_URL). */
  telegramApiUrl: string;
  /** The key webhook secrets and bot tokens are sealed with (secret-box.ts). */
  secretKey: Buffer;
  /** Wakes the sending of mails, after a webhook was turned off and its operator's mail recorded. */
  wakeMail: () => void;
}

/** Deliveries claimed at once; a run claims batches until none is due. */
const BATCH = 20;
/**
 * A claim older than this belongs to a run that stopped (a restart mid-delivery): the delivery is claimed again, so it
 * may reach a receiver twice (its event id is the same, for the receiver to notice), never not at all.
 */
const STALE_CLAIM_SECONDS = 10 * 60;

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
}

/**
 * Delivers every recorded webhook event due by `now` (or by the database's clock, which stamps new deliveries in
 * microseconds where `now` has milliseconds: a delivery recorded in the same millisecond is due too). Each delivery is claimed (skipping rows another run holds)
 * before it is posted, so however many runs overlap it is posted once per attempt. Every attempt is logged
 * (the last WEBHOOK_LIMITS.logKept per webhook are kept). A failed attempt is tried again after retryDelaySeconds,
 * up to WEBHOOK_LIMITS.attempts; after WEBHOOK_LIMITS.disableAfterFailures failures in a row the webhook is turned
 * off, its waiting deliveries dropped, and its operator mailed.
 */
export async function deliverPendingWebhooks(deps: WebhookSenderDeps, now: Date = new Date()) {
  const { db } = deps;
  const result = { delivered: 0, failed: 0 };
  for (;;) {
    const { rows } = await sql<Claimed>`
      WITH claimed AS (
        UPDATE app.webhook_delivery AS d SET claimed_at = now(), attempts = d.attempts + 1
        WHERE d.id IN (
          SELECT id FROM app.webhook_delivery
          WHERE done_at IS NULL AND next_attempt_at <= GREATEST(${now}, statement_timestamp())
            AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}))
          ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
        )
        RETURNING d.id, d.webhook_id, d.message, d.attempts
      )
      SELECT c.*, w.operator_id, w.kind, w.target, w.token, w.secret, w.enabled
      FROM claimed AS c JOIN app.webhook AS w ON w.id = c.webhook_id
    `.execute(db);
    if (rows.length === 0) return result;
    for (const delivery of rows) {
      const finish = (outcome: WebhookOutcome) =>
        db
          .updateTable("app.webhook_delivery")
          .set({ done_at: new Date(), outcome })
          .where("id", "=", delivery.id)
          .execute();
      if (!delivery.enabled) {
        await finish(WEBHOOK_OUTCOME.disabled);
        continue;
      }
      const started = performance.now();
      const hook = {
        ...delivery,
        token: openOrNull(deps.secretKey, "webhook.token", delivery.token),
        secret: openOrNull(deps.secretKey, "webhook.secret", delivery.secret),
      };
      const sent = await postOnce(
        requestFor(hook, delivery.message, { telegramApiUrl: deps.telegramApiUrl, now: new Date() }),
        deps.reach,
      );
      const ok = sent.status !== undefined && deliveredStatus(sent.status);
      const error = ok ? null : (sent.error ?? `HTTP ${sent.status}`);
      await db
        .insertInto("app.webhook_attempt")
        .values({
          webhook_id: delivery.webhook_id,
          event: delivery.message.event,
          at: new Date(),
          http_status: sent.status ?? null,
          error: sent.error ?? null,
          latency_ms: Math.round(performance.now() - started),
        })
        .execute();
      await sql`
        DELETE FROM app.webhook_attempt WHERE webhook_id = ${delivery.webhook_id} AND id <= (
          SELECT id FROM app.webhook_attempt WHERE webhook_id = ${delivery.webhook_id}
          ORDER BY id DESC OFFSET ${WEBHOOK_LIMITS.logKept} LIMIT 1
        )
      `.execute(db);
      const fields = { webhookId: delivery.webhook_id, event: delivery.message.event, attempt: delivery.attempts };
      if (ok) {
        await finish(WEBHOOK_OUTCOME.delivered);
        await db.updateTable("app.webhook").set({ failures_in_row: 0 }).where("id", "=", delivery.webhook_id).execute();
        deps.log.info(fields, "webhook delivered");
        result.delivered++;
        continue;
      }
      result.failed++;
      deps.log.warn({ ...fields, error }, "webhook not delivered");
      if (delivery.attempts >= WEBHOOK_LIMITS.attempts) await finish(WEBHOOK_OUTCOME.failed);
      else
        await db
          .updateTable("app.webhook_delivery")
          .set({
            claimed_at: null,
            next_attempt_at: new Date(now.getTime() + retryDelaySeconds(delivery.attempts) * 1000),
          })
          .where("id", "=", delivery.id)
          .execute();
      if (await countFailure(deps, delivery, error!)) deps.wakeMail();
    }
  }
}

/** Counts a failed attempt; at the limit turns the webhook off and records the mail telling its operator. */
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
      .returning(["enabled", "created_at"])
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
        `${delivery.webhook_id}:${turnedOff.created_at.toISOString()}`,
        { type: "user", id: delivery.operator_id },
        { kind: delivery.kind, target: maskedTarget(delivery.kind, delivery.target), lastError: error },
      ),
    ]);
    deps.log.warn({ webhookId: delivery.webhook_id }, "webhook turned off after repeated failures");
    return true;
  });
}

/** Delivers recorded events soon after a transaction recorded them; the webhook job takes any left, and retries. */
export type WebhookQueue = WakeQueue;

/** Delivers in this process when woken (wakeQueueOf): safe beside the webhook job and other instances. */
export const webhookQueueOf = (deps: WebhookSenderDeps): WebhookQueue =>
  wakeQueueOf(
    () => deliverPendingWebhooks(deps),
    (error) => deps.log.error({ err: error }, "webhooks: delivery failed"),
  );

/** The pg-boss job that delivers what is due every minute: retries after their backoff, and anything a wake missed. */
export const WEBHOOK_JOB = "webhooks";

export function webhookJob(deps: WebhookSenderDeps): ScheduledJob {
  return {
    name: WEBHOOK_JOB,
    cron: "* * * * *",
    expireInSeconds: 5 * 60,
    async run() {
      await deliverPendingWebhooks(deps);
    },
  };
}
