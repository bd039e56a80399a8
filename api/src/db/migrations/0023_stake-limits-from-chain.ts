import { sql, type Kysely } from "kysely";
import { createChainStandIn } from "../chain-stand-in.ts";

/** Stand-ins for the indexer's `chain.stake_limits` and `chain.stake_limit_change` views (see createChainStandIn). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function limitStandIns(db: Kysely<any>) {
  await createChainStandIn(db, "stake_limits", {
    contract_address: "text",
    min_stake: "numeric(78, 0)",
    max_stake: "numeric(78, 0)",
    tx_hash: "text",
    block_number: "int8",
    changed_at: "timestamptz",
  });
  await createChainStandIn(db, "stake_limit_change", {
    id: "text",
    min_stake: "numeric(78, 0)",
    max_stake: "numeric(78, 0)",
    sender: "text",
    at_deployment: "boolean",
    tx_hash: "text",
    block_number: "int8",
    block_time: "timestamptz",
    log_index: "integer",
  });
}

/**
 * Issue 20, points 9 and 10. The stake minimum and maximum are the contract's (`chain.stake_limits`),
 * so app.setting no longer holds them. The multiple stays a setting; each of its values is kept with
 * the time it took effect (a trigger on app.setting), so a stake is judged by the multiple in force
 * when it was made. A limit change the settings page sent is recorded with the admin who sent it: any
 * other change on the chain was not made through the portal.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await limitStandIns(db);
  await sql`ALTER TABLE app.setting DROP CONSTRAINT setting_stake_bounds, DROP COLUMN minimum_stake, DROP COLUMN maximum_stake`.execute(
    db,
  );

  await db.schema
    .createTable("app.stake_multiple")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("multiple", "numeric(78, 0)", (col) => col.notNull().check(sql`multiple > 0`))
    .addColumn("effective_from", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("stake_multiple_from_idx")
    .on("app.stake_multiple")
    .columns(["effective_from desc", "id desc"])
    .execute();
  await sql`INSERT INTO app.stake_multiple (multiple, effective_from) SELECT multiply_of, to_timestamp(0) FROM app.setting ORDER BY id LIMIT 1`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION app.stake_multiple_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.multiply_of IS DISTINCT FROM OLD.multiply_of THEN
        INSERT INTO app.stake_multiple (multiple, effective_from)
        VALUES (NEW.multiply_of, CASE WHEN EXISTS (SELECT FROM app.stake_multiple) THEN now() ELSE to_timestamp(0) END);
      END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER stake_multiple_record AFTER INSERT OR UPDATE OF multiply_of ON app.setting FOR EACH ROW EXECUTE FUNCTION app.stake_multiple_record()`.execute(
    db,
  );

  await db.schema
    .createTable("app.stake_limit_portal_change")
    .addColumn("tx_hash", "text", (col) => col.primaryKey().check(sql`tx_hash ~ '^0x[0-9a-f]{64}$'`))
    .addColumn("admin_id", "uuid", (col) => col.references("app.admin.id").onDelete("set null"))
    .addColumn("recorded_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  for (const table of ["stake_multiple", "stake_limit_portal_change"]) {
    await sql`
      CREATE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(`app.${table}`)}
      FOR EACH STATEMENT EXECUTE FUNCTION app.announce_change()
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.stake_limit_portal_change").execute();
  await sql`DROP TRIGGER stake_multiple_record ON app.setting`.execute(db);
  await sql`DROP FUNCTION app.stake_multiple_record()`.execute(db);
  await db.schema.dropTable("app.stake_multiple").execute();
  await sql`
    ALTER TABLE app.setting
      ADD COLUMN minimum_stake numeric(78, 0) NOT NULL DEFAULT 50000,
      ADD COLUMN maximum_stake numeric(78, 0) NOT NULL DEFAULT 1000000,
      ADD CONSTRAINT setting_stake_bounds CHECK (minimum_stake > 0 AND minimum_stake <= maximum_stake)
  `.execute(db);
  await sql`ALTER TABLE app.setting ALTER COLUMN minimum_stake DROP DEFAULT, ALTER COLUMN maximum_stake DROP DEFAULT`.execute(
    db,
  );
}
