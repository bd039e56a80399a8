import { sql, type Kysely } from "kysely";
import { createChainStandIn } from "../chain-stand-in.ts";

const ADDRESS = (column: string) => sql`${sql.ref(column)} ~ '^0x[0-9a-f]{40}$'`;
const HASH = (column: string) => sql`${sql.ref(column)} ~ '^0x[0-9a-f]{64}$'`;

/** Stand-ins for the indexer's `chain.reward_payment` and `chain.reward_pool` views (see createChainStandIn). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rewardStandIns(db: Kysely<any>) {
  await createChainStandIn(db, "reward_payment", {
    wallet: "text",
    node: "text",
    date_key: "numeric(78, 0)",
    amount: "numeric(78, 0)",
    tx_hash: "text",
    block_number: "int8",
    block_time: "timestamptz",
    log_index: "integer",
  });
  await createChainStandIn(db, "reward_pool", {
    contract_address: "text",
    deposited: "numeric(78, 0)",
    paid: "numeric(78, 0)",
    balance: "numeric(78, 0)",
    block_number: "int8",
    updated_at: "timestamptz",
  });
}

/**
 * How many incentives are in each status and their token sum, kept by statement triggers on
 * app.incentive in the same transaction as the change (the admin's cards and unsearched list totals
 * read two rows instead of summing a million).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function statusCounts(db: Kysely<any>) {
  await db.schema
    .createTable("app.incentive_status_count")
    .addColumn("status", "text", (col) => col.primaryKey())
    .addColumn("count", "bigint", (col) => col.notNull().check(sql`count >= 0`))
    .addColumn("token", "numeric(78, 0)", (col) => col.notNull().check(sql`token >= 0`))
    .execute();
  await sql`INSERT INTO app.incentive_status_count (status, count, token) VALUES ('Paid', 0, 0), ('UnPaid', 0, 0)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION app.incentive_status_count_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
      WITH d AS (
        SELECT key AS status, (value->>'n')::bigint AS n, (value->>'token')::numeric AS token FROM jsonb_each(deltas)
        WHERE (value->>'n')::bigint <> 0 OR (value->>'token')::numeric <> 0
      ), locked AS (
        SELECT c.status FROM app.incentive_status_count AS c WHERE c.status IN (SELECT status FROM d) ORDER BY c.status FOR UPDATE
      )
      UPDATE app.incentive_status_count AS c SET count = c.count + d.n, token = c.token + d.token
      FROM d WHERE c.status = d.status AND c.status IN (SELECT status FROM locked)
    $$
  `.execute(db);
  const deltas = (rows: string) =>
    sql.raw(`(
    SELECT coalesce(jsonb_object_agg(status, jsonb_build_object('n', n, 'token', token)), '{}')
    FROM (SELECT status, sum(n) AS n, sum(token) AS token FROM (${rows}) AS t GROUP BY status) AS g
  )`);
  for (const [name, rows] of [
    ["inserted", "SELECT status, 1 AS n, token FROM new_rows"],
    ["deleted", "SELECT status, -1 AS n, -token AS token FROM old_rows"],
    ["updated", "SELECT status, 1 AS n, token FROM new_rows UNION ALL SELECT status, -1, -token FROM old_rows"],
  ] as const) {
    await sql`
      CREATE FUNCTION ${sql.raw(`app.incentive_status_count_${name}`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM app.incentive_status_count_apply(${deltas(rows)});
        RETURN NULL;
      END $$
    `.execute(db);
  }
  await sql`
    CREATE FUNCTION app.incentive_status_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE app.incentive_status_count SET count = 0, token = 0;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER incentive_status_count_insert AFTER INSERT ON app.incentive REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.incentive_status_count_inserted()`.execute(
    db,
  );
  await sql`CREATE TRIGGER incentive_status_count_delete AFTER DELETE ON app.incentive REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.incentive_status_count_deleted()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER incentive_status_count_update AFTER UPDATE ON app.incentive REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION app.incentive_status_count_updated()
  `.execute(db);
  await sql`CREATE TRIGGER incentive_status_count_truncate AFTER TRUNCATE ON app.incentive FOR EACH STATEMENT EXECUTE FUNCTION app.incentive_status_count_truncated()`.execute(
    db,
  );
}

/**
 * Every change of the site's incentive percentage with its time, recorded by a trigger on app.setting:
 * a month accrues at the percentage in force at its end, whenever the accrual runs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rateHistory(db: Kysely<any>) {
  await db.schema
    .createTable("app.incentive_rate")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("percentage", "numeric(6, 3)", (col) => col.notNull())
    .addColumn("effective_from", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`INSERT INTO app.incentive_rate (percentage, effective_from) SELECT incentive_percentage, to_timestamp(0) FROM app.setting ORDER BY id LIMIT 1`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION app.incentive_rate_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.incentive_percentage IS DISTINCT FROM OLD.incentive_percentage THEN
        INSERT INTO app.incentive_rate (percentage, effective_from)
        VALUES (NEW.incentive_percentage, CASE WHEN EXISTS (SELECT FROM app.incentive_rate) THEN now() ELSE to_timestamp(0) END);
      END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER incentive_rate_record AFTER INSERT OR UPDATE OF incentive_percentage ON app.setting FOR EACH ROW EXECUTE FUNCTION app.incentive_rate_record()`.execute(
    db,
  );
}

/**
 * Accrued incentives (issue 11): one row per (wallet, node, date), the date being the first of the
 * month after the one accrued. `paid_*` are copied from `chain.reward_payment` by the payment matcher
 * only (matched on wallet, node and the date key YYYYMMDD); `status` follows from them. Payments that
 * match no row are kept as orphans for the admins; payout mails are recorded so none goes twice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.incentive")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("wallet", "text", (col) => col.notNull().check(ADDRESS("wallet")))
    .addColumn("node", "text", (col) => col.notNull().check(ADDRESS("node")))
    .addColumn("date", "date", (col) => col.notNull().check(sql`extract(day FROM date) = 1`))
    .addColumn("date_key", "integer", (col) =>
      col
        .notNull()
        .generatedAlwaysAs(
          sql`(extract(year FROM date) * 10000 + extract(month FROM date) * 100 + extract(day FROM date))::integer`,
        )
        .stored(),
    )
    .addColumn("token", "numeric(78, 0)", (col) => col.notNull().check(sql`token >= 0`))
    .addColumn("type", "text", (col) =>
      col
        .notNull()
        .defaultTo("Monthly")
        .check(sql`type IN ('Monthly')`),
    )
    .addColumn("inactive_count", "integer", (col) => col.notNull().check(sql`inactive_count >= 0`))
    .addColumn("staked_days", "integer", (col) => col.notNull().check(sql`staked_days >= 0`))
    .addColumn("accrued_days", "integer", (col) => col.notNull().check(sql`accrued_days >= 0`))
    .addColumn("percentage", "numeric(6, 3)", (col) => col.notNull())
    .addColumn("paid_tx", "text", (col) => col.check(HASH("paid_tx")))
    .addColumn("paid_at", "timestamptz")
    .addColumn("paid_amount", "numeric(78, 0)")
    .addColumn("paid_block", "int8")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .generatedAlwaysAs(sql`CASE WHEN paid_tx IS NULL THEN 'UnPaid' ELSE 'Paid' END`)
        .stored(),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("incentive_key", ["wallet", "node", "date"])
    .addCheckConstraint(
      "incentive_paid_together",
      sql`(paid_tx IS NULL) = (paid_at IS NULL) AND (paid_tx IS NULL) = (paid_amount IS NULL) AND (paid_tx IS NULL) = (paid_block IS NULL)`,
    )
    .execute();
  await sql`CREATE INDEX incentive_newest_idx ON app.incentive (date DESC, id)`.execute(db);
  await sql`CREATE INDEX incentive_status_idx ON app.incentive (status, date DESC, id)`.execute(db);
  await sql`CREATE INDEX incentive_wallet_idx ON app.incentive (wallet, date DESC, id)`.execute(db);
  await sql`CREATE INDEX incentive_wallet_prefix_idx ON app.incentive (wallet text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX incentive_node_prefix_idx ON app.incentive (node text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX incentive_tx_prefix_idx ON app.incentive (paid_tx text_pattern_ops) WHERE paid_tx IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX incentive_paid_block_idx ON app.incentive (paid_block) WHERE paid_block IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX incentive_amount_mismatch_idx ON app.incentive (paid_at DESC) WHERE paid_amount <> token`.execute(
    db,
  );
  await statusCounts(db);

  await db.schema
    .createTable("app.incentive_orphan_payment")
    .addColumn("wallet", "text", (col) => col.notNull())
    .addColumn("node", "text", (col) => col.notNull())
    .addColumn("date_key", "numeric(78, 0)", (col) => col.notNull())
    .addColumn("amount", "numeric(78, 0)", (col) => col.notNull())
    .addColumn("tx_hash", "text", (col) => col.notNull())
    .addColumn("block_number", "int8", (col) => col.notNull())
    .addColumn("block_time", "timestamptz", (col) => col.notNull())
    .addPrimaryKeyConstraint("incentive_orphan_payment_pk", ["wallet", "node", "date_key"])
    .execute();
  await db.schema
    .createIndex("incentive_orphan_payment_block_idx")
    .on("app.incentive_orphan_payment")
    .column("block_number")
    .execute();

  await db.schema
    .createTable("app.incentive_payment_sync")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("block_number", "int8", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`INSERT INTO app.incentive_payment_sync (id, block_number) VALUES (1, -1)`.execute(db);

  await db.schema
    .createTable("app.incentive_accrual_month")
    .addColumn("month", "date", (col) => col.primaryKey().check(sql`extract(day FROM month) = 1`))
    .addColumn("positions", "integer", (col) => col.notNull())
    .addColumn("inserted", "integer", (col) => col.notNull())
    .addColumn("accrued_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

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
  await sql`CREATE INDEX incentive_payout_mail_pending_idx ON app.incentive_payout_mail (created_at) WHERE sent_at IS NULL`.execute(
    db,
  );

  await rateHistory(db);
  await rewardStandIns(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER incentive_rate_record ON app.setting`.execute(db);
  await sql`DROP FUNCTION app.incentive_rate_record()`.execute(db);
  await db.schema.dropTable("app.incentive_rate").execute();
  await db.schema.dropTable("app.incentive_payout_mail").execute();
  await db.schema.dropTable("app.incentive_accrual_month").execute();
  await db.schema.dropTable("app.incentive_payment_sync").execute();
  await db.schema.dropTable("app.incentive_orphan_payment").execute();
  await db.schema.dropTable("app.incentive").execute();
  await sql`
    DROP FUNCTION app.incentive_status_count_inserted(), app.incentive_status_count_deleted(), app.incentive_status_count_updated(),
      app.incentive_status_count_truncated(), app.incentive_status_count_apply(jsonb)
  `.execute(db);
  await db.schema.dropTable("app.incentive_status_count").execute();
}
