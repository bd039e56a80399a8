import { sql, type Kysely } from "kysely";
import { createChainStandIn } from "../chain-stand-in.ts";

const NODE_STATUSES = sql`('Pending', 'Verified', 'Return', 'Approved', 'Active', 'De-Active')`;
/** A history row's `to_status` when the node was deleted (its `from_status` is null when it was created). */
const HISTORY_TARGETS = sql`('Pending', 'Verified', 'Return', 'Approved', 'Active', 'De-Active', 'Deleted')`;
const ADDRESS = (column: string) => sql`${sql.ref(column)} ~ '^0x[0-9a-f]{40}$'`;

/** Stand-ins for the indexer's `chain.stake_position` and `chain.whitelist` views (see createChainStandIn). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function chainStandIns(db: Kysely<any>) {
  await createChainStandIn(db, "stake_position", {
    wallet: "text",
    node: "text",
    status: "text",
    total_staked: "numeric(78, 0)",
    first_staked_at: "timestamptz",
    last_staked_at: "timestamptz",
    last_stake_tx: "text",
    unlock_tx: "text",
    unlocked_at: "timestamptz",
    withdrawn_amount: "numeric(78, 0)",
    withdraw_tx: "text",
    withdrawn_at: "timestamptz",
    updated_block: "int8",
  });
  await createChainStandIn(db, "whitelist", {
    contract: "text",
    wallet: "text",
    node: "text",
    whitelisted_by: "text",
    tx_hash: "text",
    block_number: "int8",
    whitelisted_at: "timestamptz",
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.node")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("operator_id", "uuid", (col) => col.notNull().references("app.operator.id").onDelete("restrict"))
    .addColumn("wallet_address", "text", (col) => col.notNull().check(ADDRESS("wallet_address")))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("logo", "text")
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("other_provider", "text")
    .addColumn("ipaddress", "text", (col) => col.notNull().unique())
    .addColumn("os", "text", (col) => col.notNull())
    .addColumn("ram", "integer", (col) => col.notNull().check(sql`ram >= 16`))
    .addColumn("storage", "integer", (col) => col.notNull().check(sql`storage >= 400`))
    .addColumn("security", "text", (col) => col.notNull())
    .addColumn("oracle_address", "text", (col) => col.notNull().check(ADDRESS("oracle_address")))
    .addColumn("node_address", "text", (col) => col.notNull().unique().check(ADDRESS("node_address")))
    .addColumn("network", "text")
    .addColumn("job_id", "text")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("Pending")
        .check(sql`status IN ${NODE_STATUSES}`),
    )
    .addColumn("admin_notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("node_operator_idx").on("app.node").columns(["operator_id", "created_at"]).execute();
  await db.schema.createIndex("node_status_idx").on("app.node").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("node_created_idx").on("app.node").column("created_at").execute();
  await db.schema
    .createIndex("node_wallet_node_idx")
    .on("app.node")
    .columns(["wallet_address", "node_address"])
    .execute();

  await db.schema
    .createTable("app.node_status_history")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("node_id", "uuid", (col) => col.notNull())
    .addColumn("actor_type", "text", (col) => col.notNull().check(sql`actor_type IN ('user', 'admin', 'system')`))
    .addColumn("actor_id", "uuid")
    .addColumn("from_status", "text", (col) => col.check(sql`from_status IN ${NODE_STATUSES}`))
    .addColumn("to_status", "text", (col) => col.notNull().check(sql`to_status IN ${HISTORY_TARGETS}`))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("node_status_history_node_idx")
    .on("app.node_status_history")
    .columns(["node_id", "created_at"])
    .execute();

  await db.schema
    .createTable("app.invite")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) =>
      col
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn("created_by", "uuid")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.node_reputation")
    .addColumn("node_id", "uuid", (col) => col.notNull().references("app.node.id").onDelete("cascade"))
    .addColumn("day", "date", (col) => col.notNull())
    .addColumn("value", "double precision", (col) => col.notNull().check(sql`value >= 0 AND value <= 1`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("node_reputation_pk", ["node_id", "day"])
    .execute();

  await db.schema
    .createTable("app.node_inactive_date")
    .addColumn("node_id", "uuid", (col) => col.notNull().references("app.node.id").onDelete("cascade"))
    .addColumn("day", "date", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("node_inactive_date_pk", ["node_id", "day"])
    .execute();

  await chainStandIns(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.node_inactive_date").execute();
  await db.schema.dropTable("app.node_reputation").execute();
  await db.schema.dropTable("app.invite").execute();
  await db.schema.dropTable("app.node_status_history").execute();
  await db.schema.dropTable("app.node").execute();
}
