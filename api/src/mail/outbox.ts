import { createHash } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { readBrand } from "../setting/index.ts";
import { isTemporaryMailFailure, type Mailer } from "./mailer.ts";
import { runOutbox, type OutboxChannel } from "../shared/outbox.ts";
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
}

/** What a log line says of a mail: its kind, event and recipient by id (never the address). */
const mailFields = (mail: { kind: MailKind; event_key: string; recipient_type: string; recipient_id: string }) => ({
  mailKind: mail.kind,
  eventKey: mail.event_key,
  recipientType: mail.recipient_type,
  recipientId: mail.recipient_id,
});

/**
 * The recipient's address now (an operator or admin may have changed or removed it since the event); none for an admin
 * disabled since, whose mailbox may be in other hands (a mail queued before the disable is not sent either).
 */
async function emailOf(db: Db, recipient: MailRecipient): Promise<string | null> {
  if (recipient.type === "admin")
    return (
      (
        await db
          .selectFrom("app.admin")
          .select("email")
          .where("id", "=", recipient.id)
          .where("disabled_at", "is", null)
          .executeTakeFirst()
      )?.email ?? null
    );
  const operator = await db
    .selectFrom("app.operator")
    .select("email")
    .where(recipient.type === "wallet" ? "wallet_address" : "id", "=", recipient.id)
    .executeTakeFirst();
  return operator?.email ?? null;
}

/**
 * The key a mail's every copy carries (Message-ID and X-Idempotency-Key): the same for a mail sent again after an
 * interrupted attempt (shared/outbox.ts), so a receiving server or client can drop the second copy.
 */
export function idempotencyKey(mail: { kind: string; event_key: string }, publicUrl: string) {
  const digest = createHash("sha256").update(`${mail.kind}\n${mail.event_key}`).digest("hex").slice(0, 40);
  return { messageId: `<${digest}@${new URL(publicUrl).hostname}>`, key: digest };
}

interface OutboxMail {
  kind: MailKind;
  event_key: string;
  recipient_type: MailRecipient["type"];
  recipient_id: string;
  details: unknown;
  attempts: number;
}

/**
 * The mail channel of the outbox engine (shared/outbox.ts): one mail at a time, in the order recorded. A recipient
 * without an email, who turned the kind off by the time it is sent, or a mail with nothing left to say is done without
 * a mail. When the server refuses for now (throttling) or cannot be reached, the run stops claiming: a later run tries
 * again, and meanwhile the admins' sign-in codes do not queue behind it.
 */
export function mailChannel(deps: MailSenderDeps): OutboxChannel<OutboxMail> {
  const { db } = deps;
  return {
    name: "mail",
    table: { name: "app.mail_outbox", key: ["kind", "event_key"], order: ["created_at"], lastError: "last_error" },
    maxAttempts: MAX_ATTEMPTS,
    parallel: 1,
    async attempt(mail) {
      const template: MailTemplate = deps.templates[mail.kind];
      const email = await emailOf(db, { type: mail.recipient_type, id: mail.recipient_id });
      if (!email) return { done: MAIL_OUTCOME.noEmail };
      if (await template.turnedOff?.(db, mail.recipient_id)) return { done: MAIL_OUTCOME.turnedOff };
      const composed = await template.compose(template.details.parse(mail.details), { ...deps, db });
      if ("nothingToSend" in composed) return { done: MAIL_OUTCOME.noEmail, error: composed.nothingToSend };
      const brand = await readBrand(db);
      const { messageId, key } = idempotencyKey(mail, deps.publicUrl);
      try {
        await deps.mailer.send({
          to: email,
          fromName: brand.applicationName,
          subject: composed.subject,
          text: `${composed.text}\n${brandFooter(brand)}`,
          messageId,
          headers: { "X-Idempotency-Key": key },
        });
      } catch (error) {
        deps.log.warn({ err: error, ...mailFields(mail), attempt: mail.attempts }, "mail not sent");
        return {
          failed: error instanceof Error ? error.message : String(error),
          pause: isTemporaryMailFailure(error),
        };
      }
      deps.log.info(mailFields(mail), "mail sent");
      return { done: MAIL_OUTCOME.sent };
    },
  };
}

/**
 * Sends the recorded mails not sent yet, whatever feature recorded them, through the outbox engine (claims, attempt
 * limit, stale claims: shared/outbox.ts), and answers what became of them.
 */
export async function sendPendingMails(deps: MailSenderDeps): Promise<Record<MailOutcome, number>> {
  const tally = await runOutbox(deps, mailChannel(deps));
  return {
    sent: tally[MAIL_OUTCOME.sent] ?? 0,
    noEmail: tally[MAIL_OUTCOME.noEmail] ?? 0,
    turnedOff: tally[MAIL_OUTCOME.turnedOff] ?? 0,
    failed: tally[MAIL_OUTCOME.failed] ?? 0,
  };
}
