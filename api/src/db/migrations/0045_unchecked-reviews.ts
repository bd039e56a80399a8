import { sql, type Kysely } from "kysely";

/**
 * Chain activity an admin marked reviewed, one row per item: the kind of the check it broke and the log it came from
 * (transaction hash and log index, as one transaction can hold several stakes). The note and who reviewed it also go
 * to the audit log; this row is what takes the item off the "items to review" count, so its writes announce a change
 * (cached lists and counts read it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.unchecked_review (
      kind text NOT NULL,
      tx_hash text NOT NULL,
      log_index integer NOT NULL,
      note text NOT NULL,
      reviewed_by uuid REFERENCES app.admin (id) ON DELETE SET NULL,
      reviewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, tx_hash, log_index)
    )
  `.execute(db);
  await sql`
    CREATE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.unchecked_review
    FOR EACH STATEMENT EXECUTE FUNCTION app.announce_change()
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE app.unchecked_review`.execute(db);
}
