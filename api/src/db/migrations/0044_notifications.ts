import { sql, type Kysely } from "kysely";

/**
 * The operator's in-app notifications: one per mail recorded for them (by id, or by their wallet), copied by a trigger
 * on the mail outbox, so every event that mails an operator also shows under the bell, read or unread. Mails recorded
 * before are copied as read: history, not news.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.notification (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      operator_id uuid NOT NULL REFERENCES app.operator (id) ON DELETE CASCADE,
      kind text NOT NULL,
      event_key text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      UNIQUE (operator_id, kind, event_key)
    )`.execute(db);
  await sql`CREATE INDEX notification_operator_idx ON app.notification (operator_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX notification_unread_idx ON app.notification (operator_id) WHERE read_at IS NULL`.execute(db);
  await sql`
    CREATE FUNCTION app.notification_from_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO app.notification (operator_id, kind, event_key, details, created_at)
      SELECT o.id, NEW.kind, NEW.event_key, NEW.details, NEW.created_at FROM app.operator AS o
      WHERE (NEW.recipient_type = 'user' AND o.id::text = NEW.recipient_id)
         OR (NEW.recipient_type = 'wallet' AND o.wallet_address = lower(NEW.recipient_id))
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER mail_outbox_notification AFTER INSERT ON app.mail_outbox
    FOR EACH ROW EXECUTE FUNCTION app.notification_from_mail()`.execute(db);
  await sql`
    INSERT INTO app.notification (operator_id, kind, event_key, details, created_at, read_at)
    SELECT o.id, m.kind, m.event_key, m.details, m.created_at, now() FROM app.mail_outbox AS m
    JOIN app.operator AS o ON (m.recipient_type = 'user' AND o.id::text = m.recipient_id)
      OR (m.recipient_type = 'wallet' AND o.wallet_address = lower(m.recipient_id))
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(): Promise<void> {}
