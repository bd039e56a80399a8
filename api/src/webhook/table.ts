import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { WebhookKind, WebhookOutcome } from "./rules.ts";

/**
 * An operator's webhook (migration 0036_webhooks): `target` is the URL, or the chat id for Telegram, sealed like
 * `token` and `secret` (secret-box.ts): the URL of a Discord, Slack or JSON webhook lets whoever holds it post there.
 */
export interface WebhookTable {
  id: Generated<string>;
  operator_id: string;
  kind: WebhookKind;
  /** The operator's label (migration 0038_webhook-name). */
  name: Generated<string>;
  target: string;
  /** Telegram's bot token. */
  token: string | null;
  /** The generic JSON webhook's signing secret. */
  secret: string | null;
  enabled: Generated<boolean>;
  /** Failed attempts since the last success. */
  failures_in_row: Generated<number>;
  created_at: Timestamp;
}

/** One event to deliver to one webhook, until delivered or given up. */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  webhook_id: string;
  event_key: string;
  message: unknown;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_at: Date | null;
  done_at: Date | null;
  outcome: WebhookOutcome | null;
  created_at: Timestamp;
}

/** One attempt at a delivery, for the webhook's delivery log. */
export interface WebhookAttemptTable {
  id: Generated<string>;
  webhook_id: string;
  event: string;
  at: Date;
  http_status: number | null;
  error: string | null;
  latency_ms: number;
}

export interface WebhookTables {
  "app.webhook": WebhookTable;
  "app.webhook_delivery": WebhookDeliveryTable;
  "app.webhook_attempt": WebhookAttemptTable;
}
