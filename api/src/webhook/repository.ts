import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import type { WebhookMessage } from "./formats.ts";
import { maskedTarget, WEBHOOK_KIND, WEBHOOK_LIMITS, WEBHOOK_OUTCOME, type WebhookKind } from "./rules.ts";
import {
  WEBHOOK_MESSAGES,
  type WebhookAttemptResponse,
  type WebhookCreateInput,
  type WebhookResponse,
} from "./schema.ts";
import { isSealed, open, seal, sealOrNull, type SealedColumn } from "./secret-box.ts";
import type { WebhookAttemptTable, WebhookTable } from "./table.ts";

type AttemptRow = Pick<WebhookAttemptTable, "at" | "event" | "http_status" | "error" | "latency_ms">;

export const toAttemptResponse = (row: AttemptRow): WebhookAttemptResponse => ({
  at: row.at.toISOString(),
  event: row.event,
  httpStatus: row.http_status,
  error: row.error,
  latencyMs: row.latency_ms,
});

type WebhookRow = Pick<WebhookTable, "kind" | "target"> & {
  id: string;
  name: string;
  enabled: boolean;
  created_at: Date;
};

/** A stored webhook as its operator sees it; `key` opens its sealed target to show the masked form. */
export const toWebhookResponse = (key: Buffer, row: WebhookRow, last: AttemptRow | null): WebhookResponse => ({
  _id: row.id,
  kind: row.kind,
  name: row.name,
  target: maskedTarget(row.kind, open(key, "webhook.target", row.target)),
  enabled: row.enabled,
  createdAt: row.created_at.toISOString(),
  lastAttempt: last ? toAttemptResponse(last) : null,
});

/** An operator's webhooks, oldest first, each with its last attempt. */
export const listWebhooks = (db: Db, key: Buffer, operatorId: string) =>
  listWebhooksWhere(db, key, undefined, operatorId);

async function listWebhooksWhere(
  db: Db,
  key: Buffer,
  id: string | undefined,
  operatorId?: string,
): Promise<WebhookResponse[]> {
  const rows = await db
    .selectFrom("app.webhook as w")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("app.webhook_attempt as a")
          .select(["a.at", "a.event", "a.http_status", "a.error", "a.latency_ms"])
          .whereRef("a.webhook_id", "=", "w.id")
          .orderBy("a.id", "desc")
          .limit(1)
          .as("last"),
      (join) => join.onTrue(),
    )
    .select(["w.id", "w.kind", "w.name", "w.target", "w.enabled", "w.created_at"])
    .select(["last.at", "last.event", "last.http_status", "last.error", "last.latency_ms"])
    .$if(operatorId !== undefined, (query) => query.where("w.operator_id", "=", operatorId!))
    .$if(id !== undefined, (query) => query.where("w.id", "=", id!))
    .orderBy("w.created_at")
    .orderBy("w.id")
    .execute();
  return rows.map((row) =>
    toWebhookResponse(
      key,
      row,
      row.at === null
        ? null
        : {
            at: row.at,
            event: row.event!,
            http_status: row.http_status,
            error: row.error,
            latency_ms: row.latency_ms!,
          },
    ),
  );
}

const newSigningSecret = () => `whsec_${randomBytes(32).toString("hex")}`;
const RETURNED = ["id", "kind", "name", "target", "enabled", "created_at"] as const;

/**
 * Adds a webhook for the operator, refused past WEBHOOK_LIMITS.perOperator (counted under a lock on the operator, so
 * two adds at once cannot pass it together). A generic JSON webhook gets a new signing secret, answered here only.
 * Its target (URL or chat id), secret and bot token are stored sealed under `key` (secret-box.ts).
 */
export async function addWebhook(db: Db, key: Buffer, operatorId: string, input: WebhookCreateInput) {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom("app.operator").select("id").where("id", "=", operatorId).forUpdate().execute();
    const { count } = await tx
      .selectFrom("app.webhook")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("operator_id", "=", operatorId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOK_LIMITS.perOperator) throw new AppError("conflict", WEBHOOK_MESSAGES.webhooksTooMany);
    const secret = input.kind === WEBHOOK_KIND.json ? newSigningSecret() : null;
    const row = await tx
      .insertInto("app.webhook")
      .values({
        operator_id: operatorId,
        kind: input.kind,
        name: input.name,
        target: seal(key, "webhook.target", input.target),
        token: sealOrNull(key, "webhook.token", input.token),
        secret: sealOrNull(key, "webhook.secret", secret),
      })
      .returning(RETURNED)
      .executeTakeFirstOrThrow();
    return { webhook: toWebhookResponse(key, row, null), secret };
  });
}

/** The operator's own webhook; 404 for another operator's or none, alike. */
export async function ownWebhook(db: Db, operatorId: string, id: string) {
  const row = await db
    .selectFrom("app.webhook")
    .selectAll()
    .where("id", "=", id)
    .where("operator_id", "=", operatorId)
    .executeTakeFirst();
  if (!row) throw new AppError("notFound", WEBHOOK_MESSAGES.webhookNotFound);
  return row;
}

/**
 * Saves an edit of a webhook already checked as the operator's own (fields left out are kept; see webhookEditSchema).
 * Turning it on resets its failures in a row; turning it off drops the deliveries still waiting. Answers the webhook
 * and its new signing secret when one was made.
 */
export async function editWebhook(
  db: Db,
  key: Buffer,
  hook: { id: string; kind: WebhookKind },
  change: { name?: string; enabled?: boolean; target?: string; token?: string; rotateSecret?: boolean },
) {
  return db.transaction().execute(async (tx) => {
    const secret = change.rotateSecret && hook.kind === WEBHOOK_KIND.json ? newSigningSecret() : null;
    await tx
      .updateTable("app.webhook")
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.target === undefined ? {} : { target: seal(key, "webhook.target", change.target) }),
        ...(change.token === undefined ? {} : { token: seal(key, "webhook.token", change.token) }),
        ...(secret === null ? {} : { secret: seal(key, "webhook.secret", secret) }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
        ...(change.enabled ? { failures_in_row: 0 } : {}),
      })
      .where("id", "=", hook.id)
      .execute();
    if (change.enabled === false)
      await tx
        .updateTable("app.webhook_delivery")
        .set({ done_at: new Date(), outcome: WEBHOOK_OUTCOME.disabled })
        .where("webhook_id", "=", hook.id)
        .where("done_at", "is", null)
        .where("claimed_at", "is", null)
        .execute();
    const [webhook] = await listWebhooksWhere(tx, key, hook.id);
    return { webhook: webhook!, secret };
  });
}

export const deleteWebhook = (db: Db, id: string) => db.deleteFrom("app.webhook").where("id", "=", id).execute();

/** A webhook's delivery log: its last WEBHOOK_LIMITS.logKept attempts, newest first. */
export async function webhookAttempts(db: Db, webhookId: string) {
  const rows = await db
    .selectFrom("app.webhook_attempt")
    .select(["at", "event", "http_status", "error", "latency_ms"])
    .where("webhook_id", "=", webhookId)
    .orderBy("id", "desc")
    .limit(WEBHOOK_LIMITS.logKept)
    .execute();
  return rows.map(toAttemptResponse);
}

/**
 * Records an event for delivery to every enabled webhook of the operator, in the caller's transaction (the one making
 * the event), so the delivery exists exactly when the change does. The same event key is recorded once per webhook.
 */
export async function recordWebhookMessage(tx: Db, operatorId: string, message: WebhookMessage, webhookId?: string) {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO app.webhook_delivery (webhook_id, event_key, message)
    SELECT id, ${message.id}, ${JSON.stringify(message)}::jsonb FROM app.webhook
    WHERE operator_id = ${operatorId} AND enabled ${webhookId ? sql`AND id = ${webhookId}` : sql``}
    ON CONFLICT (webhook_id, event_key) DO NOTHING
    RETURNING id
  `.execute(tx);
  return rows.length;
}

/**
 * Seals the targets, secrets and bot tokens stored in plaintext before sealing existed (the rule for those rows: the
 * API seals them when it starts, the one place that holds the key, which migrations never see; until then delivery and
 * the list read them as they are). Answers how many rows it sealed.
 */
export async function sealStoredSecrets(db: Db, key: Buffer) {
  const rows = await db
    .selectFrom("app.webhook")
    .select(["id", "target", "token", "secret"])
    .where((eb) =>
      eb.or([eb("target", "not like", "v1.%"), eb("token", "not like", "v1.%"), eb("secret", "not like", "v1.%")]),
    )
    .execute();
  const sealed = (column: SealedColumn, value: string | null) =>
    value === null || isSealed(value) ? value : seal(key, column, value);
  for (const row of rows)
    await db
      .updateTable("app.webhook")
      .set({
        target: sealed("webhook.target", row.target)!,
        token: sealed("webhook.token", row.token),
        secret: sealed("webhook.secret", row.secret),
      })
      .where("id", "=", row.id)
      .where("target", "=", row.target)
      .where("token", "is not distinct from", row.token)
      .where("secret", "is not distinct from", row.secret)
      .execute();
  return rows.length;
}
