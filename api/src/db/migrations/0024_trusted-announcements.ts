import { sql, type Kysely } from "kysely";

/** The table of announcements: written only by the triggers below, as the portal's database user. */
export const ANNOUNCEMENT_TABLE = "announcement";

/**
 * Announcements that any role could forge no longer carry what the API relays. Postgres lets every
 * role NOTIFY any channel, the read-only analyst included, so a notification's payload proves nothing.
 * Each announcement is now a row of `app.announcement`, which only the portal's database user can
 * write (the analyst has no access to schema `app`); the notification only wakes the API instances,
 * which read the rows they have not handled yet and relay what the rows say, so a forged notification
 * finds no new row and changes nothing.
 *
 * Rows carry the writing transaction's id (`tx`): a reader that remembers the oldest transaction still
 * running at its last read (its snapshot's xmin) finds every row committed since, in whatever order
 * the transactions committed, by reading `tx >= that xmin`. Readers delete rows older than a few
 * minutes.
 *
 * Kinds: 'change' (a write to a portal table the answer caches may read: one row per transaction),
 * 'live' (a node, job, request or ticket changed for the operator of `wallet`: relayed to live
 * streams), 'session' (an account's session version or disabled state changed, or it was deleted:
 * its live streams are checked again and closed when their session ended).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.announcement (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
      kind text NOT NULL CHECK (kind IN ('change', 'live', 'session')),
      topic text,
      wallet text,
      account_type text,
      account_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )
  `.execute(db);
  await sql`CREATE INDEX announcement_tx ON app.announcement (tx)`.execute(db);
  await sql`CREATE INDEX announcement_created_at ON app.announcement (created_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX announcement_change_once ON app.announcement (tx) WHERE kind = 'change'`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION app.announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO app.announcement (kind) VALUES ('change') ON CONFLICT (tx) WHERE kind = 'change' DO NOTHING;
      PERFORM pg_notify('app_changed', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_review() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      row_operator uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.operator_id ELSE NEW.operator_id END;
    BEGIN
      INSERT INTO app.announcement (kind, topic, wallet) VALUES ('live', TG_ARGV[0], (SELECT wallet_address FROM app.operator WHERE id = row_operator));
      PERFORM pg_notify('app_live', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ticket_operator uuid;
    BEGIN
      IF TG_TABLE_NAME = 'ticket_message' THEN
        SELECT operator_id INTO ticket_operator FROM app.ticket WHERE id = NEW.ticket_id;
      ELSE
        ticket_operator := NEW.operator_id;
      END IF;
      INSERT INTO app.announcement (kind, topic, wallet) VALUES ('live', 'ticket', (SELECT wallet_address FROM app.operator WHERE id = ticket_operator));
      PERFORM pg_notify('app_live', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.announce_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO app.announcement (kind, account_type, account_id) VALUES ('session', TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
      PERFORM pg_notify('app_live', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER operator_announce_session AFTER UPDATE OF session_version, disabled_at ON app.operator
    FOR EACH ROW WHEN (OLD.session_version IS DISTINCT FROM NEW.session_version OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at)
    EXECUTE FUNCTION app.announce_session('user')
  `.execute(db);
  await sql`CREATE TRIGGER operator_announce_session_end AFTER DELETE ON app.operator FOR EACH ROW EXECUTE FUNCTION app.announce_session('user')`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER admin_announce_session AFTER UPDATE OF session_version ON app.admin
    FOR EACH ROW WHEN (OLD.session_version IS DISTINCT FROM NEW.session_version)
    EXECUTE FUNCTION app.announce_session('admin')
  `.execute(db);
  await sql`CREATE TRIGGER admin_announce_session_end AFTER DELETE ON app.admin FOR EACH ROW EXECUTE FUNCTION app.announce_session('admin')`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION app.announce_session() CASCADE`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('app_changed', TG_TABLE_NAME);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_review() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      row_operator uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.operator_id ELSE NEW.operator_id END;
    BEGIN
      PERFORM pg_notify('app_live', json_build_object('topic', TG_ARGV[0], 'wallet', (SELECT wallet_address FROM app.operator WHERE id = row_operator))::text);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ticket_operator uuid;
    BEGIN
      IF TG_TABLE_NAME = 'ticket_message' THEN
        SELECT operator_id INTO ticket_operator FROM app.ticket WHERE id = NEW.ticket_id;
      ELSE
        ticket_operator := NEW.operator_id;
      END IF;
      PERFORM pg_notify('app_live', json_build_object('topic', 'ticket', 'wallet', (SELECT wallet_address FROM app.operator WHERE id = ticket_operator))::text);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`DROP TABLE app.announcement`.execute(db);
}
