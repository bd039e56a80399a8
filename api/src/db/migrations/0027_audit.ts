import { sql, type Kysely } from "kysely";

/**
 * The audit trail of admin actions (issue 22), append-only: a statement trigger refuses UPDATE,
 * DELETE and TRUNCATE for every role, the table owner's (the API's) included, so history is never
 * rewritten through SQL. Only dropping the table (this migration's `down`) removes it. The analytics
 * view leaves out the client address and the personal keys of before/after (emails, notes), as the
 * other analytics views do.
 */
/** A before or after column without the personal keys (emails, free-text notes) when it is an object. */
const withoutPersonalKeys = (column: "before" | "after") =>
  sql.raw(
    `CASE WHEN jsonb_typeof(${column}) = 'object' THEN ${column} - ARRAY['email', 'adminNotes', 'notes'] ELSE ${column} END AS ${column}`,
  );

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.audit_record")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("admin_id", "uuid")
    .addColumn("client_address", "text", (col) => col.notNull())
    .addColumn("occurred_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("record_type", "text", (col) => col.notNull())
    .addColumn("record_id", "text")
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("tx_hash", "text")
    .execute();
  await sql`CREATE INDEX audit_record_occurred_idx ON app.audit_record (occurred_at DESC, id DESC)`.execute(db);
  await db.schema
    .createIndex("audit_record_record_idx")
    .on("app.audit_record")
    .columns(["record_type", "record_id"])
    .execute();
  await sql`
    CREATE FUNCTION app.audit_record_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'app.audit_record is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER audit_record_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON app.audit_record
    FOR EACH STATEMENT EXECUTE FUNCTION app.audit_record_refuse_change()
  `.execute(db);
  await sql`
    CREATE VIEW analytics.audit_records AS
    SELECT id, admin_id, occurred_at, action, record_type, record_id,
      ${withoutPersonalKeys("before")}, ${withoutPersonalKeys("after")},
      tx_hash AS tx
    FROM app.audit_record
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW analytics.audit_records`.execute(db);
  await db.schema.dropTable("app.audit_record").execute();
  await sql`DROP FUNCTION app.audit_record_refuse_change()`.execute(db);
}
