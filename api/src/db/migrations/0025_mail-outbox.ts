import { sql, type Kysely } from "kysely";

/**
 * One outbox for every mail: `app.mail_outbox` takes the rows of `app.alert` as they are and those of
 * `app.incentive_payout_mail` as kind `incentivePaid`, keyed by `<tx hash>:<wallet>` and addressed to
 * the wallet, so no mail recorded before is lost or sent again; then both tables go. A payout mail
 * already sent counts as sent, or as noEmail when it was marked done with the reason it was not.
 */
/**
 * A table of mails keyed by (kind, event key) with the sender's bookkeeping: the outbox, and in `down`
 * the alert table it replaces (whose recipients were only operators and admins, by id).
 */
async function createMailTable(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  name: "mail_outbox" | "alert",
  recipients: { types: string[]; id: "text" | "uuid" },
) {
  await db.schema
    .createTable(`app.${name}`)
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("event_key", "text", (col) => col.notNull())
    .addColumn("recipient_type", "text", (col) =>
      col.notNull().check(sql`recipient_type IN (${sql.join(recipients.types.map((type) => sql.lit(type)))})`),
    )
    .addColumn("recipient_id", recipients.id, (col) => col.notNull())
    .addColumn("details", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("claimed_at", "timestamptz")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("done_at", "timestamptz")
    .addColumn("outcome", "text", (col) => col.check(sql`outcome IN ('sent', 'noEmail', 'turnedOff', 'failed')`))
    .addColumn("last_error", "text")
    .addPrimaryKeyConstraint(`${name}_pk`, ["kind", "event_key"])
    .execute();
  await sql`CREATE INDEX ${sql.id(`${name}_pending_idx`)} ON ${sql.table(`app.${name}`)} (created_at) WHERE done_at IS NULL`.execute(
    db,
  );
  await db.schema
    .createIndex(`${name}_recipient_idx`)
    .on(`app.${name}`)
    .columns(["recipient_id", "created_at"])
    .execute();
}

const COLUMNS = sql.raw(
  "kind, event_key, recipient_type, recipient_id, details, created_at, claimed_at, attempts, done_at, outcome, last_error",
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createMailTable(db, "mail_outbox", { types: ["user", "admin", "wallet"], id: "text" });
  await sql`INSERT INTO app.mail_outbox (${COLUMNS}) SELECT ${COLUMNS} FROM app.alert`.execute(db);
  await sql`
    INSERT INTO app.mail_outbox (${COLUMNS})
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
  await createMailTable(db, "alert", { types: ["user", "admin"], id: "uuid" });
  await sql`INSERT INTO app.alert (${COLUMNS}) SELECT kind, event_key, recipient_type, recipient_id::uuid, details, created_at, claimed_at, attempts, done_at, outcome, last_error FROM app.mail_outbox WHERE kind <> 'incentivePaid'`.execute(
    db,
  );
  await sql`
    CREATE TABLE app.incentive_payout_mail AS
    SELECT details->>'txHash' AS tx_hash, details->>'wallet' AS wallet, created_at, claimed_at, done_at AS sent_at, attempts, last_error FROM app.mail_outbox WHERE kind = 'incentivePaid'
  `.execute(db);
  await sql`
    ALTER TABLE app.incentive_payout_mail
      ALTER tx_hash SET NOT NULL, ALTER wallet SET NOT NULL, ALTER created_at SET NOT NULL, ALTER created_at SET DEFAULT now(),
      ALTER attempts SET NOT NULL, ALTER attempts SET DEFAULT 0, ADD CONSTRAINT incentive_payout_mail_pk PRIMARY KEY (tx_hash, wallet)
  `.execute(db);
  await sql`CREATE INDEX incentive_payout_mail_pending_idx ON app.incentive_payout_mail (created_at) WHERE sent_at IS NULL`.execute(
    db,
  );
  await db.schema.dropTable("app.mail_outbox").execute();
}
