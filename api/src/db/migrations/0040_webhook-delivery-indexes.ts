import { sql, type Kysely } from "kysely";

/**
 * Indexes for webhook delivery side by side and for pruning: a webhook's waiting deliveries (the claim takes the first
 * due of each webhook with none in flight) and the finished ones by when they finished (pruned after 30 days).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX webhook_delivery_waiting_idx ON app.webhook_delivery (webhook_id, next_attempt_at)
    WHERE done_at IS NULL
  `.execute(db);
  await sql`
    CREATE INDEX webhook_delivery_done_idx ON app.webhook_delivery (done_at) WHERE done_at IS NOT NULL
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.webhook_delivery_waiting_idx, app.webhook_delivery_done_idx`.execute(db);
}
