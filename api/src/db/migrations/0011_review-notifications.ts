import { sql, type Kysely } from "kysely";

/**
 * Every change an admin or operator makes to a node, job or interest request (created, status
 * changed, deleted) is announced on the `app_live` channel at commit, as {topic, wallet} of the
 * record's operator: each API instance relays it to the live streams of that operator and of admins,
 * so a decision shows on the other side without polling, whichever instance took it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION app.announce_review() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      row_operator uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.operator_id ELSE NEW.operator_id END;
    BEGIN
      PERFORM pg_notify('app_live', json_build_object('topic', TG_ARGV[0], 'wallet', (SELECT wallet_address FROM app.operator WHERE id = row_operator))::text);
      RETURN NULL;
    END $$
  `.execute(db);
  for (const [table, topic] of [
    ["node", "node"],
    ["job", "job"],
    ["request", "request"],
  ] as const) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_announce_review`)} AFTER INSERT OR DELETE OR UPDATE OF status ON ${sql.table(`app.${table}`)}
      FOR EACH ROW EXECUTE FUNCTION app.announce_review(${sql.lit(topic)})
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["node", "job", "request"])
    await sql`DROP TRIGGER ${sql.raw(`${table}_announce_review`)} ON ${sql.table(`app.${table}`)}`.execute(db);
  await sql`DROP FUNCTION app.announce_review()`.execute(db);
}
