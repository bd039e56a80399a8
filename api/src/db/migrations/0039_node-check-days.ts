import { sql, type Kysely } from "kysely";

/**
 * The monitor's checks counted per node and UTC day (app.node_check_day): how many checks a day had and how many of
 * them were answered. The monitor round adds its checks to them in the transaction that inserts the checks and prunes
 * them with the checks, so a 30-day uptime sums at most 30 rows per node instead of reading up to 2,880 checks. Filled
 * here from the checks already kept. The public network page reads it, so its writes announce a change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.node_check_day (
      node_id uuid NOT NULL REFERENCES app.node (id) ON DELETE CASCADE,
      day date NOT NULL,
      answered integer NOT NULL,
      checks integer NOT NULL,
      PRIMARY KEY (node_id, day)
    )
  `.execute(db);
  await sql`CREATE INDEX node_check_day_day_idx ON app.node_check_day (day)`.execute(db);
  await sql`
    INSERT INTO app.node_check_day (node_id, day, answered, checks)
    SELECT node_id, (checked_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE answered), count(*)
    FROM app.node_check
    GROUP BY 1, 2
  `.execute(db);
  await sql`
    CREATE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.node_check_day
    FOR EACH STATEMENT EXECUTE FUNCTION app.announce_change()
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE app.node_check_day`.execute(db);
}
