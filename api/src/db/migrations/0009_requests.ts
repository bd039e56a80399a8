import { sql, type Kysely } from "kysely";
import { createChainStandIn } from "../chain-stand-in.ts";

/** Stand-in for the indexer's `chain.stake_event` view (see createChainStandIn). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function stakeEventStandIn(db: Kysely<any>) {
  await createChainStandIn(db, "stake_event", {
    id: "text",
    kind: "text",
    wallet: "text",
    node: "text",
    amount: "numeric(78, 0)",
    total_after: "numeric(78, 0)",
    tx_hash: "text",
    block_number: "int8",
    block_time: "timestamptz",
    log_index: "integer",
  });
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
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("Pending")
        .check(sql`status IN ('Pending', 'Approved', 'Rejected', 'Verified')`),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX request_open_key ON app.request (operator_id, node_id) WHERE status <> 'Rejected'`.execute(
    db,
  );
  await db.schema.createIndex("request_newest_idx").on("app.request").columns(["created_at desc", "id"]).execute();
  await db.schema.createIndex("request_node_idx").on("app.request").columns(["node_id", "created_at desc"]).execute();
  await stakeEventStandIn(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.request").execute();
}
