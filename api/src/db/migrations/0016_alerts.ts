import { sql, type Kysely } from "kysely";

/**
 * Alert mails, one per event: `app.alert` is keyed by (kind, event key), written with the event and
 * claimed by the mail job before sending. Operators turn kinds off in `app.alert_opt_out`. The scan
 * of the chain's unlock events starts now: unlocks indexed from older blocks never alert.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
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
    .createTable("app.alert_opt_out")
    .addColumn("operator_id", "uuid", (col) => col.notNull().references("app.operator.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("alert_opt_out_pk", ["operator_id", "kind"])
    .execute();

  await db.schema
    .createTable("app.alert_scan")
    .addColumn("source", "text", (col) => col.primaryKey())
    .addColumn("since", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("scanned_block", "int8", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO app.alert_scan (source) VALUES ('stakeUnlocked')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.alert_scan").execute();
  await db.schema.dropTable("app.alert_opt_out").execute();
  await db.schema.dropTable("app.alert").execute();
}
