import { sql, type Kysely } from "kysely";

/**
 * Operators' webhooks (app.webhook), the deliveries waiting or done (app.webhook_delivery: one per webhook and event,
 * tried again later with backoff until it succeeds or is given up) and the log of attempts (app.webhook_attempt: the
 * last 50 per webhook are kept). A webhook's secret and bot token are kept as they are: the server signs and posts with
 * them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.webhook (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      operator_id uuid NOT NULL REFERENCES app.operator (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('discord', 'slack', 'telegram', 'json')),
      target text NOT NULL,
      token text,
      secret text,
      enabled boolean NOT NULL DEFAULT true,
      failures_in_row integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX webhook_operator_idx ON app.webhook (operator_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE app.webhook_delivery (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      webhook_id uuid NOT NULL REFERENCES app.webhook (id) ON DELETE CASCADE,
      event_key text NOT NULL,
      message jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz,
      done_at timestamptz,
      outcome text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (webhook_id, event_key)
    )
  `.execute(db);
  await sql`
    CREATE INDEX webhook_delivery_due_idx ON app.webhook_delivery (next_attempt_at) WHERE done_at IS NULL
  `.execute(db);
  await sql`
    CREATE TABLE app.webhook_attempt (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      webhook_id uuid NOT NULL REFERENCES app.webhook (id) ON DELETE CASCADE,
      event text NOT NULL,
      at timestamptz NOT NULL,
      http_status integer,
      error text,
      latency_ms integer NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX webhook_attempt_webhook_idx ON app.webhook_attempt (webhook_id, id DESC)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE app.webhook_attempt, app.webhook_delivery, app.webhook`.execute(db);
}
