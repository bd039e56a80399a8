import { sql, type Kysely } from "kysely";

/** The channel on which the database announces, at commit, each statement that wrote to a portal table. */
export const ANSWER_CHANNEL = "app_changed";

/**
 * Tables no list or record answer reads, written often enough that announcing them would only empty
 * the API's answer caches: rate-limit counters, sign-in challenges, alert and mail bookkeeping, the
 * monitor's raw probes, upload records and the migrator's own tables. Tables created later that no
 * cached answer reads (the mail outbox, the audit trail, the webhooks and their deliveries, operators' notifications, Safe
 * proposals and their confirmations, Pay Now's holds) are listed too: their
 * migrations add no trigger.
 */
export const QUIET_TABLES = [
  "rate_limit",
  "siwe_nonce",
  "otp_challenge",
  "passkey_challenge",
  "alert",
  "alert_scan",
  "node_probe_day",
  "incentive_payout_mail",
  "incentive_payment_sync",
  "mail_outbox",
  "audit_record",
  "upload",
  "webhook",
  "webhook_delivery",
  "webhook_attempt",
  "notification",
  "safe_proposal",
  "safe_confirmation",
  "payout_reservation",
  "kysely_migration",
  "kysely_migration_lock",
];

/**
 * Each statement that writes to a portal table (all of schema `app` but QUIET_TABLES) notifies
 * ANSWER_CHANNEL with the table's name when its transaction commits (one notification per table and
 * transaction, as Postgres folds equal ones): every API instance then stops serving list answers read
 * before the change (api/src/live/answer-cache.ts), whichever instance, script or job wrote it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION app.announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(${sql.lit(ANSWER_CHANNEL)}, TG_TABLE_NAME);
      RETURN NULL;
    END $$
  `.execute(db);
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'app' AND table_type = 'BASE TABLE' ORDER BY table_name
  `.execute(db);
  for (const { table_name: table } of rows) {
    if (QUIET_TABLES.includes(table)) continue;
    await sql`
      CREATE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(`app.${table}`)}
      FOR EACH STATEMENT EXECUTE FUNCTION app.announce_change()
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION app.announce_change() CASCADE`.execute(db);
}
