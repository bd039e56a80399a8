import { sql, type Updateable } from "kysely";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { readBrand } from "../setting/index.ts";
import { isTemporaryMailFailure, type Mailer } from "./mailer.ts";
import type { MailOutboxTable } from "./table.ts";
import {
  brandFooter,
  type MailContext,
  type MailKind,
  type MailRecipient,
  type MailTemplate,
  type MailTemplateRegistry,
  type MailTemplates,
} from "./template.ts";
import type { Log } from "../shared/logger.ts";

export type { MailKind } from "./template.ts";
/** What the event of each kind of mail records, before its template's defaults apply. */
export type MailDetails = { [K in MailKind]: z.input<MailTemplates[K]["details"]> };

/** What a recorded mail ended as: sent, or done without sending and why. */
export const MAIL_OUTCOME = { sent: "sent", noEmail: "noEmail", turnedOff: "turnedOff", failed: "failed" } as const;
export type MailOutcome = (typeof MAIL_OUTCOME)[keyof typeof MAIL_OUTCOME];

/** Mails claimed at once; a run claims batches until none is left. */
const BATCH = 50;
/** A mail whose sending failed this often is given up (its last error is kept). */
export const MAX_ATTEMPTS = 5;

export interface NewMail {
  kind: MailKind;
  /** The event's own id (a history row, a chain event, a reply): the same event never makes a second mail. */
  eventKey: string;
  recipient: MailRecipient;
  details: Record<string, unknown>;
}

/** A mail to record, its details typed by its kind. */
export const mailOf = <K extends MailKind>(
  kind: K,
  eventKey: string,
  recipient: MailRecipient,
  details: MailDetails[K],
): NewMail => ({ kind, eventKey, recipient, details });

/**
 * Records mails to send, in the caller's transaction (the one making the event). A mail already
 * recorded for the same (kind, event key) is left as it is; answers how many were new.
 */
export async function recordMails(tx: Db, mails: NewMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await tx
    .insertInto("app.mail_outbox")
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        event_key: mail.eventKey,
        recipient_type: mail.recipient.type,
        recipient_id: mail.recipient.id,
        details: JSON.stringify(mail.details),
      })),
    )
    .onConflict((oc) => oc.columns(["kind", "event_key"]).doNothing())
    .returning("event_key")
    .execute();
  return rows.length;
}

export interface MailSenderDeps extends Omit<MailContext, "db"> {
  db: Db;
  mailer: Mailer;
  log: Log;
  /** Every feature's templates (api/src/mail-templates.ts). */
  templates: MailTemplateRegistry;
  /** The API's PRICE_FEED_ADDRESS: the payout alerts the mail job's scans record carry USD by it. */
  priceFeed?: string;
}

/** What a log line says of a mail: its kind, event and recipient by id (never the address). */
const mailFields = (mail: { kind: MailKind; event_key: string; recipient_type: string; recipient_id: string }) => ({
  mailKind: mail.kind,
  eventKey: mail.event_key,
  recipientType: mail.recipient_type,
  recipientId: mail.recipient_id,
});

/** The recipient's address now (an operator or admin may have changed or removed it since the event). */
async function emailOf(db: Db, recipient: MailRecipient): Promise<string | null> {
  if (recipient.type === "admin")
    return (
      (await db.selectFrom("app.admin").select("email").where("id", "=", recipient.id).executeTakeFirst())?.email ??
      null
    );
  const operator = await db
    .selectFrom("app.operator")
    .select("email")
    .where(recipient.type === "wallet" ? "wallet_address" : "id", "=", recipient.id)
    .executeTakeFirst();
  return operator?.email ?? null;
}

/** Unclaims mails a run claimed but did not try, without counting the attempt. */
async function giveBack(db: Db, mails: { kind: MailKind; event_key: string }[]) {
  for (const mail of mails) {
    await db
      .updateTable("app.mail_outbox")
      .set((eb) => ({ claimed_at: null, attempts: eb("attempts", "-", 1) }))
      .where("kind", "=", mail.kind)
      .where("event_key", "=", mail.event_key)
      .execute();
  }
}

/**
 * Sends the recorded mails not sent yet, whatever feature recorded them. Each is claimed (in one
 * statement, skipping rows another run holds) before it is sent and marked done after, so however
 * many runs overlap it goes at most once: a send that fails is released for a later run (up to
 * MAX_ATTEMPTS), one interrupted while sending stays claimed and is not sent again. A recipient
 * without an email, who turned the kind off by the time it is sent, or a mail with nothing left to
 * say is marked done without a mail. When the server refuses for now (throttling) or cannot be
 * reached, the run stops and gives back the rest of its batch, attempts unspent: a later run tries
 * again, and meanwhile the admins' sign-in codes do not queue behind it.
 */
export async function sendPendingMails(deps: MailSenderDeps): Promise<Record<MailOutcome, number>> {
  const { db } = deps;
  const result: Record<MailOutcome, number> = { sent: 0, noEmail: 0, turnedOff: 0, failed: 0 };
  for (;;) {
    const { rows } = await sql<{
      kind: MailKind;
      event_key: string;
      recipient_type: MailRecipient["type"];
      recipient_id: string;
      details: unknown;
      attempts: number;
    }>`
      UPDATE app.mail_outbox AS m SET claimed_at = now(), attempts = m.attempts + 1
      WHERE (m.kind, m.event_key) IN (
        SELECT kind, event_key FROM app.mail_outbox
        WHERE done_at IS NULL AND claimed_at IS NULL AND attempts < ${MAX_ATTEMPTS}
        ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
      )
      RETURNING m.kind, m.event_key, m.recipient_type, m.recipient_id, m.details, m.attempts
    `.execute(db);
    if (rows.length === 0) return result;
    const brand = await readBrand(db);
    for (const [index, mail] of rows.entries()) {
      const change = (set: Updateable<MailOutboxTable>) =>
        db
          .updateTable("app.mail_outbox")
          .set(set)
          .where("kind", "=", mail.kind)
          .where("event_key", "=", mail.event_key)
          .execute();
      const done = (outcome: MailOutcome, error: string | null = null) =>
        change({ done_at: new Date(), outcome, last_error: error });
      try {
        const template: MailTemplate = deps.templates[mail.kind];
        const email = await emailOf(db, { type: mail.recipient_type, id: mail.recipient_id });
        if (!email) {
          await done(MAIL_OUTCOME.noEmail);
          result.noEmail++;
          continue;
        }
        if (await template.turnedOff?.(db, mail.recipient_id)) {
          await done(MAIL_OUTCOME.turnedOff);
          result.turnedOff++;
          continue;
        }
        const composed = await template.compose(template.details.parse(mail.details), { ...deps, db });
        if ("nothingToSend" in composed) {
          await done(MAIL_OUTCOME.noEmail, composed.nothingToSend);
          result.noEmail++;
          continue;
        }
        await deps.mailer.send({
          to: email,
          fromName: brand.applicationName,
          subject: composed.subject,
          text: `${composed.text}\n${brandFooter(brand)}`,
        });
        await done(MAIL_OUTCOME.sent);
        deps.log.info(mailFields(mail), "mail sent");
        result.sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warn({ err: error, ...mailFields(mail), attempt: mail.attempts }, "mail not sent");
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
