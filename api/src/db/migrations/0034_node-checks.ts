import { sql, type Kysely } from "kysely";

/**
 * Each monitor check of a node (app.node_check): when it was checked and whether it answered, kept 30 days (the
 * monitor round deletes older ones, by the index on checked_at). A node's uptime over 24 hours and 30 days, its last
 * answer, today's misses and whether it stopped answering are read from them, by the primary key (node_id,
 * checked_at). The node lists read it, so its writes announce a change like every table the answers read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.node_check (
      node_id uuid NOT NULL REFERENCES app.node (id) ON DELETE CASCADE,
      checked_at timestamptz NOT NULL,
      answered boolean NOT NULL,
      PRIMARY KEY (node_id, checked_at)
    )
  `.execute(db);
  await sql`CREATE INDEX node_check_at_idx ON app.node_check (checked_at)`.execute(db);
  await sql`
    CREATE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.node_check
    FOR EACH STATEMENT EXECUTE FUNCTION app.announce_change()
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE app.node_check`.execute(db);
}
