import { sql, type Kysely } from "kysely";

const NODE_STATUSES = sql`('Pending', 'Verified', 'Return', 'Approved', 'Active', 'De-Active')`;
/** A history row's `to_status` when the node was deleted (its `from_status` is null when it was created). */
const HISTORY_TARGETS = sql`('Pending', 'Verified', 'Return', 'Approved', 'Active', 'De-Active', 'Deleted')`;
const ADDRESS = (column: string) => sql`${sql.ref(column)} ~ '^0x[0-9a-f]{40}$'`;

/**
 * Empty stand-ins for the indexer's `chain.stake_position` and `chain.whitelist` views, created only
 * where the indexer has not published its views yet: the node routes then read "no chain facts"
 * instead of failing. Ponder replaces them (DROP VIEW IF EXISTS, CREATE VIEW) when it publishes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function chainStandIns(db: Kysely<any>) {
  await sql`CREATE SCHEMA IF NOT EXISTS chain`.execute(db);
  const { rows } = await sql<{ stake: string | null; whitelist: string | null }>`
    SELECT to_regclass('chain.stake_position')::text AS stake, to_regclass('chain.whitelist')::text AS whitelist
  `.execute(db);
  if (!rows[0]?.stake) {
    await sql`
      CREATE VIEW chain.stake_position AS SELECT
        NULL::text AS wallet, NULL::text AS node, NULL::text AS status, NULL::numeric(78, 0) AS total_staked,
        NULL::timestamptz AS first_staked_at, NULL::timestamptz AS last_staked_at, NULL::text AS last_stake_tx,
        NULL::text AS unlock_tx, NULL::timestamptz AS unlocked_at, NULL::numeric(78, 0) AS withdrawn_amount,
        NULL::text AS withdraw_tx, NULL::timestamptz AS withdrawn_at, NULL::int8 AS updated_block
      WHERE false
    `.execute(db);
  }
  if (!rows[0]?.whitelist) {
    await sql`
      CREATE VIEW chain.whitelist AS SELECT
        NULL::text AS contract, NULL::text AS wallet, NULL::text AS node, NULL::text AS whitelisted_by,
        NULL::text AS tx_hash, NULL::int8 AS block_number, NULL::timestamptz AS whitelisted_at
      WHERE false
    `.execute(db);
  }
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
    .addColumn("status", "text", (col) => col.notNull().defaultTo("Pending").check(sql`status IN ${NODE_STATUSES}`))
    .addColumn("admin_notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("node_operator_idx").on("app.node").columns(["operator_id", "created_at"]).execute();
  await db.schema.createIndex("node_status_idx").on("app.node").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("node_created_idx").on("app.node").column("created_at").execute();
  await db.schema.createIndex("node_wallet_node_idx").on("app.node").columns(["wallet_address", "node_address"]).execute();

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
  await db.schema.createIndex("node_status_history_node_idx").on("app.node_status_history").columns(["node_id", "created_at"]).execute();

  await db.schema
    .createTable("app.invite")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) => col.notNull().unique().check(sql`email = lower(email)`))
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
