import { sql, type Kysely } from "kysely";

/**
 * Support tickets go live like reviews: a ticket opened, a message added by either side and a status
 * change (answered, reopened, closed) are announced on the `app_live` channel at commit as
 * {topic: 'ticket', wallet} of the ticket's operator, so the operator's open thread and the admins'
 * lists refresh whichever API instance took the change. A message is announced by itself (a reply
 * need not touch its ticket's row); within one transaction Postgres sends equal payloads once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION app.announce_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await sql`CREATE TRIGGER ticket_announce AFTER INSERT OR UPDATE OF status ON app.ticket FOR EACH ROW EXECUTE FUNCTION app.announce_ticket()`.execute(
    db,
  );
  await sql`CREATE TRIGGER ticket_message_announce AFTER INSERT ON app.ticket_message FOR EACH ROW EXECUTE FUNCTION app.announce_ticket()`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER ticket_message_announce ON app.ticket_message`.execute(db);
  await sql`DROP TRIGGER ticket_announce ON app.ticket`.execute(db);
  await sql`DROP FUNCTION app.announce_ticket()`.execute(db);
}
