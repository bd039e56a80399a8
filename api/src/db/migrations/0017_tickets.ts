import { sql, type Kysely } from "kysely";

/**
 * Support tickets: an operator opens one (subject, first message, optionally one of their nodes),
 * both sides reply in its thread, an admin closes it. Lists go newest activity first, per operator
 * or per status.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.ticket")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("ticket_no", "int8", (col) => col.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn("operator_id", "uuid", (col) => col.notNull().references("app.operator.id").onDelete("cascade"))
    .addColumn("node_id", "uuid", (col) => col.references("app.node.id").onDelete("set null"))
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("Open")
        .check(sql`status IN ('Open', 'Answered', 'Closed')`),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("closed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("ticket_operator_idx")
    .on("app.ticket")
    .columns(["operator_id", "updated_at desc", "id"])
    .execute();
  await db.schema
    .createIndex("ticket_status_idx")
    .on("app.ticket")
    .columns(["status", "updated_at desc", "id"])
    .execute();
  await db.schema.createIndex("ticket_latest_idx").on("app.ticket").columns(["updated_at desc", "id"]).execute();
  await db.schema.createIndex("ticket_node_idx").on("app.ticket").column("node_id").execute();

  await db.schema
    .createTable("app.ticket_message")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("ticket_id", "uuid", (col) => col.notNull().references("app.ticket.id").onDelete("cascade"))
    .addColumn("author_type", "text", (col) => col.notNull().check(sql`author_type IN ('user', 'admin')`))
    .addColumn("author_id", "uuid", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex("ticket_message_thread_idx")
    .on("app.ticket_message")
    .columns(["ticket_id", "created_at"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.ticket_message").execute();
  await db.schema.dropTable("app.ticket").execute();
}
