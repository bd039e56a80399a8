import { sql, type Kysely } from "kysely";

/**
 * The site settings (application name, logo, contact details) are shown on every page, so a change to them is
 * announced to every live stream: a 'live' announcement of topic 'setting' naming no wallet, written in the saving
 * transaction and relayed by every API instance (migration trusted-announcements).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION app.announce_setting() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO app.announcement (kind, topic) VALUES ('live', 'setting');
      PERFORM pg_notify('app_live', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER setting_announce_live AFTER INSERT OR UPDATE ON app.setting
    FOR EACH STATEMENT EXECUTE FUNCTION app.announce_setting()
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION app.announce_setting() CASCADE`.execute(db);
}
