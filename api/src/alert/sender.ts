import { sql, type Updateable } from "kysely";
import type { Db } from "../db/database.ts";
import { isTemporaryMailFailure, type Mailer } from "../mail/mailer.ts";
import { composeMail, type MailContext } from "./mails.ts";
import type { AlertTable } from "./table.ts";
import { isAlertKind, MAIL_OUTCOME, type MailKind, type MailOutcome } from "./rules.ts";

/** Mails claimed at once; a run claims batches until none is left. */
const BATCH = 50;
/** A mail whose sending failed this often is given up (its last error is kept). */
export const MAX_ATTEMPTS = 5;

export interface MailSenderDeps extends MailContext {
  db: Db;
  mailer: Mailer;
  log: (line: string) => void;
}

/** Where a recorded mail goes now: the recipient's current address, and whether they turned its kind off. */
async function recipientOf(db: Db, mail: { kind: MailKind; recipient_type: "user" | "admin"; recipient_id: string }) {
  if (mail.recipient_type === "admin") {
    const admin = await db.selectFrom("app.admin").select("email").where("id", "=", mail.recipient_id).executeTakeFirst();
    return { email: admin?.email ?? null, turnedOff: false };
  }
  const operator = await db.selectFrom("app.operator").select("email").where("id", "=", mail.recipient_id).executeTakeFirst();
  const kind = mail.kind;
  const turnedOff =
    isAlertKind(kind) && Boolean(await db.selectFrom("app.alert_opt_out").select("kind").where("operator_id", "=", mail.recipient_id).where("kind", "=", kind).executeTakeFirst());
  return { email: operator?.email ?? null, turnedOff };
}

/** Unclaims mails a run claimed but did not try, without counting the attempt. */
async function giveBack(db: Db, mails: { kind: MailKind; event_key: string }[]) {
  for (const mail of mails) {
    await db
      .updateTable("app.alert")
      .set((eb) => ({ claimed_at: null, attempts: eb("attempts", "-", 1) }))
      .where("kind", "=", mail.kind)
      .where("event_key", "=", mail.event_key)
      .execute();
  }
}

/**
 * Sends the recorded mails not sent yet. Each is claimed (in one statement, skipping rows another
 * run holds) before it is sent and marked done after, so however many runs overlap it goes at most
 * once: a send that fails is released for a later run (up to MAX_ATTEMPTS), one interrupted while
 * sending stays claimed and is not sent again. A recipient without an email, or who turned the kind
 * off by the time it is sent, is marked done without a mail. When the server refuses for now
 * (throttling) or cannot be reached, the run stops and gives back the rest of its batch, attempts
 * unspent: a later run tries again, and meanwhile the admins' sign-in codes do not queue behind it.
 */
export async function sendPendingMails(deps: MailSenderDeps): Promise<Record<MailOutcome, number>> {
  const { db } = deps;
  const result: Record<MailOutcome, number> = { sent: 0, noEmail: 0, turnedOff: 0, failed: 0 };
  for (;;) {
    const { rows } = await sql<{ kind: MailKind; event_key: string; recipient_type: "user" | "admin"; recipient_id: string; details: unknown; attempts: number }>`
      UPDATE app.alert AS a SET claimed_at = now(), attempts = a.attempts + 1
      WHERE (a.kind, a.event_key) IN (
        SELECT kind, event_key FROM app.alert
        WHERE done_at IS NULL AND claimed_at IS NULL AND attempts < ${MAX_ATTEMPTS}
        ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
      )
      RETURNING a.kind, a.event_key, a.recipient_type, a.recipient_id, a.details, a.attempts
    `.execute(db);
    if (rows.length === 0) return result;
    for (const [index, mail] of rows.entries()) {
      const change = (set: Updateable<AlertTable>) => db.updateTable("app.alert").set(set).where("kind", "=", mail.kind).where("event_key", "=", mail.event_key).execute();
      const done = (outcome: MailOutcome, error: string | null = null) => change({ done_at: new Date(), outcome, last_error: error });
      try {
        const recipient = await recipientOf(db, mail);
        if (!recipient.email) {
          await done(MAIL_OUTCOME.noEmail);
          result.noEmail++;
          continue;
        }
        if (recipient.turnedOff) {
          await done(MAIL_OUTCOME.turnedOff);
          result.turnedOff++;
          continue;
        }
        await deps.mailer.send({ to: recipient.email, ...composeMail(mail.kind, mail.details, deps) });
        await done(MAIL_OUTCOME.sent);
        result.sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log(`alerts: ${mail.kind} mail ${mail.event_key} failed (attempt ${mail.attempts}): ${message}`);
        if (mail.attempts >= MAX_ATTEMPTS) await done(MAIL_OUTCOME.failed, message);
        else await change({ claimed_at: null, last_error: message });
        result.failed++;
        if (isTemporaryMailFailure(error)) {
          await giveBack(db, rows.slice(index + 1));
          return result;
        }
      }
    }
    if (rows.length < BATCH) return result;
  }
}
