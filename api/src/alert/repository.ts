import type { Db } from "../db/database.ts";
import { ALERT_KINDS, type AlertKind, type AlertPreferences, type MailKind } from "./rules.ts";

export interface NewMail {
  kind: MailKind;
  /** The event's own id (a history row, a chain event, a reply): the same event never makes a second mail. */
  eventKey: string;
  recipient: { type: "user" | "admin"; id: string };
  details: Record<string, unknown>;
}

/**
 * Records mails to send, in the caller's transaction (the one making the event). A mail already
 * recorded for the same (kind, event key) is left as it is; answers how many were new.
 */
export async function recordMails(tx: Db, mails: NewMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await tx
    .insertInto("app.alert")
    .values(mails.map((mail) => ({ kind: mail.kind, event_key: mail.eventKey, recipient_type: mail.recipient.type, recipient_id: mail.recipient.id, details: JSON.stringify(mail.details) })))
    .onConflict((oc) => oc.columns(["kind", "event_key"]).doNothing())
    .returning("event_key")
    .execute();
  return rows.length;
}

/** An operator's alert preferences: every kind on unless turned off. */
export async function preferencesOf(db: Db, operatorId: string): Promise<AlertPreferences> {
  const off = await db.selectFrom("app.alert_opt_out").select("kind").where("operator_id", "=", operatorId).execute();
  const offKinds = new Set<string>(off.map((row) => row.kind));
  return Object.fromEntries(ALERT_KINDS.map((kind) => [kind, !offKinds.has(kind)])) as AlertPreferences;
}

/** Replaces an operator's preferences with `preferences`. */
export async function savePreferences(db: Db, operatorId: string, preferences: AlertPreferences): Promise<void> {
  const off = ALERT_KINDS.filter((kind) => !preferences[kind]);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("app.alert_opt_out").where("operator_id", "=", operatorId).execute();
    if (off.length > 0) await tx.insertInto("app.alert_opt_out").values(off.map((kind: AlertKind) => ({ operator_id: operatorId, kind }))).execute();
  });
}
