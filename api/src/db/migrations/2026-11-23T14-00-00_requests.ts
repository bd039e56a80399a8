import { sql, type Kysely } from "kysely";

/**
 * Empty stand-in for the indexer's `chain.stake_event` view, created only where the indexer has not
 * published its views yet: the stake routes then read "no events" instead of failing. Ponder replaces
 * it (DROP VIEW IF EXISTS, CREATE VIEW) when it publishes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function stakeEventStandIn(db: Kysely<any>) {
  await sql`CREATE SCHEMA IF NOT EXISTS chain`.execute(db);
  const { rows } = await sql<{ events: string | null }>`SELECT to_regclass('chain.stake_event')::text AS events`.execute(db);
  if (rows[0]?.events) return;
  await sql`
    CREATE VIEW chain.stake_event AS SELECT
      NULL::text AS id, NULL::text AS kind, NULL::text AS wallet, NULL::text AS node, NULL::numeric(78, 0) AS amount,
      NULL::numeric(78, 0) AS total_after, NULL::text AS tx_hash, NULL::int8 AS block_number, NULL::timestamptz AS block_time,
      NULL::integer AS log_index
    WHERE false
  `.execute(db);
}

/**
 * Interest requests: an operator asks to stake on one of their nodes, an admin reviews the request.
 * A node has at most one open (not Rejected) request at a time; its requests go with the node.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.request")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("operator_id", "uuid", (col) => col.notNull().references("app.operator.id").onDelete("restrict"))
    .addColumn("node_id", "uuid", (col) => col.notNull().references("app.node.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("Pending").check(sql`status IN ('Pending', 'Approved', 'Rejected', 'Verified')`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX request_open_key ON app.request (operator_id, node_id) WHERE status <> 'Rejected'`.execute(db);
  await db.schema.createIndex("request_newest_idx").on("app.request").columns(["created_at desc", "id"]).execute();
  await db.schema.createIndex("request_node_idx").on("app.request").columns(["node_id", "created_at desc"]).execute();
  await stakeEventStandIn(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.request").execute();
}
