import { sql, type Kysely } from "kysely";

/**
 * One outbox for every mail: `app.mail_outbox` takes the rows of `app.alert` as they are and those of
 * `app.incentive_payout_mail` as kind `incentivePaid`, keyed by `<tx hash>:<wallet>` and addressed to
 * the wallet, so no mail recorded before is lost or sent again; then both tables go. A payout mail
 * already sent counts as sent, or as noEmail when it was marked done with the reason it was not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.mail_outbox")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("event_key", "text", (col) => col.notNull())
    .addColumn("recipient_type", "text", (col) => col.notNull().check(sql`recipient_type IN ('user', 'admin', 'wallet')`))
    .addColumn("recipient_id", "text", (col) => col.notNull())
    .addColumn("details", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("claimed_at", "timestamptz")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("done_at", "timestamptz")
    .addColumn("outcome", "text", (col) => col.check(sql`outcome IN ('sent', 'noEmail', 'turnedOff', 'failed')`))
    .addColumn("last_error", "text")
    .addPrimaryKeyConstraint("mail_outbox_pk", ["kind", "event_key"])
    .execute();
  await sql`CREATE INDEX mail_outbox_pending_idx ON app.mail_outbox (created_at) WHERE done_at IS NULL`.execute(db);
  await db.schema.createIndex("mail_outbox_recipient_idx").on("app.mail_outbox").columns(["recipient_id", "created_at"]).execute();
  await sql`
    INSERT INTO app.mail_outbox (kind, event_key, recipient_type, recipient_id, details, created_at, claimed_at, attempts, done_at, outcome, last_error)
    SELECT kind, event_key, recipient_type, recipient_id::text, details, created_at, claimed_at, attempts, done_at, outcome, last_error FROM app.alert
  `.execute(db);
  await sql`
    INSERT INTO app.mail_outbox (kind, event_key, recipient_type, recipient_id, details, created_at, claimed_at, attempts, done_at, outcome, last_error)
    SELECT 'incentivePaid', tx_hash || ':' || wallet, 'wallet', wallet, jsonb_build_object('txHash', tx_hash, 'wallet', wallet), created_at, claimed_at, attempts,
      sent_at, CASE WHEN sent_at IS NULL THEN NULL WHEN last_error IS NULL THEN 'sent' ELSE 'noEmail' END, last_error
    FROM app.incentive_payout_mail
  `.execute(db);
  await db.schema.dropTable("app.alert").execute();
  await db.schema.dropTable("app.incentive_payout_mail").execute();
}

/** Puts the rows back into the two tables they came from. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.alert")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("event_key", "text", (col) => col.notNull())
    .addColumn("recipient_type", "text", (col) => col.notNull().check(sql`recipient_type IN ('user', 'admin')`))
    .addColumn("recipient_id", "uuid", (col) => col.notNull())
    .addColumn("details", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("claimed_at", "timestamptz")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("done_at", "timestamptz")
    .addColumn("outcome", "text", (col) => col.check(sql`outcome IN ('sent', 'noEmail', 'turnedOff', 'failed')`))
    .addColumn("last_error", "text")
    .addPrimaryKeyConstraint("alert_pk", ["kind", "event_key"])
    .execute();
  await sql`CREATE INDEX alert_pending_idx ON app.alert (created_at) WHERE done_at IS NULL`.execute(db);
  await db.schema.createIndex("alert_recipient_idx").on("app.alert").columns(["recipient_id", "created_at"]).execute();
  await db.schema
    .createTable("app.incentive_payout_mail")
    .addColumn("tx_hash", "text", (col) => col.notNull())
    .addColumn("wallet", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("claimed_at", "timestamptz")
    .addColumn("sent_at", "timestamptz")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addPrimaryKeyConstraint("incentive_payout_mail_pk", ["tx_hash", "wallet"])
    .execute();
  await sql`CREATE INDEX incentive_payout_mail_pending_idx ON app.incentive_payout_mail (created_at) WHERE sent_at IS NULL`.execute(db);
  await sql`
    INSERT INTO app.alert (kind, event_key, recipient_type, recipient_id, details, created_at, claimed_at, attempts, done_at, outcome, last_error)
    SELECT kind, event_key, recipient_type, recipient_id::uuid, details, created_at, claimed_at, attempts, done_at, outcome, last_error FROM app.mail_outbox WHERE kind <> 'incentivePaid'
  `.execute(db);
  await sql`
    INSERT INTO app.incentive_payout_mail (tx_hash, wallet, created_at, claimed_at, sent_at, attempts, last_error)
    SELECT details->>'txHash', details->>'wallet', created_at, claimed_at, done_at, attempts, last_error FROM app.mail_outbox WHERE kind = 'incentivePaid'
  `.execute(db);
  await db.schema.dropTable("app.mail_outbox").execute();
}
