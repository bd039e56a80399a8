import { sql, type Kysely } from "kysely";

const NODE_STATUSES = sql`ARRAY['Pending', 'Verified', 'Return', 'Approved', 'Active', 'De-Active']`;

/**
 * The number of nodes in each status, kept by statement triggers on app.node in the same transaction
 * as the change: the admin's tab counts and unsearched list totals read six rows instead of counting
 * every node on each request. Counter rows are locked in status order, so two transactions moving
 * nodes between the same statuses in opposite directions wait for each other instead of deadlocking.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.node_status_count")
    .addColumn("status", "text", (col) => col.primaryKey())
    .addColumn("count", "bigint", (col) => col.notNull().check(sql`count >= 0`))
    .execute();
  await sql`
    INSERT INTO app.node_status_count (status, count)
    SELECT s.status, (SELECT count(*) FROM app.node AS n WHERE n.status = s.status) FROM unnest(${NODE_STATUSES}) AS s(status)
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_status_count_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
      WITH d AS (
        SELECT key AS status, value::bigint AS n FROM jsonb_each_text(deltas) WHERE value::bigint <> 0
      ), locked AS (
        SELECT c.status FROM app.node_status_count AS c WHERE c.status IN (SELECT status FROM d) ORDER BY c.status FOR UPDATE
      )
      UPDATE app.node_status_count AS c SET count = c.count + d.n FROM d WHERE c.status = d.status AND c.status IN (SELECT status FROM locked)
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_status_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM app.node_status_count_apply((SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) AS g));
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_status_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM app.node_status_count_apply((SELECT coalesce(jsonb_object_agg(status, -n), '{}') FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) AS g));
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_status_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM app.node_status_count_apply((
        SELECT coalesce(jsonb_object_agg(status, n), '{}')
        FROM (SELECT status, sum(n) AS n FROM (SELECT status, 1 AS n FROM new_rows UNION ALL SELECT status, -1 FROM old_rows) AS t GROUP BY status) AS g
      ));
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_status_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE app.node_status_count SET count = 0;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`CREATE TRIGGER node_status_count_insert AFTER INSERT ON app.node REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.node_status_count_inserted()`.execute(
    db,
  );
  await sql`CREATE TRIGGER node_status_count_delete AFTER DELETE ON app.node REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.node_status_count_deleted()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER node_status_count_update AFTER UPDATE ON app.node REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION app.node_status_count_updated()
  `.execute(db);
  await sql`CREATE TRIGGER node_status_count_truncate AFTER TRUNCATE ON app.node FOR EACH STATEMENT EXECUTE FUNCTION app.node_status_count_truncated()`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ["insert", "delete", "update", "truncate"])
    await sql`DROP TRIGGER ${sql.raw(`node_status_count_${event}`)} ON app.node`.execute(db);
  await sql`
    DROP FUNCTION app.node_status_count_inserted(), app.node_status_count_deleted(), app.node_status_count_updated(),
      app.node_status_count_truncated(), app.node_status_count_apply(jsonb)
  `.execute(db);
  await db.schema.dropTable("app.node_status_count").execute();
}
