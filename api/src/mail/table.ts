import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { MailKind, MailOutcome } from "./outbox.ts";
import type { MailRecipient } from "./template.ts";

/**
 * The one outbox: a row per mail, written in the transaction that makes its event (or by the scan
 * that finds a chain event), keyed by (kind, event key) so an event is never stored twice; the sender
 * claims it before sending and marks it done after, so it is never sent twice.
 */
export interface MailOutboxTable {
  kind: MailKind;
  event_key: string;
  recipient_type: MailRecipient["type"];
  /** An operator's or admin's id, or a wallet address (recipient_type wallet). */
  recipient_id: string;
  /** What the mail says, as known when the event happened. */
  details: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  claimed_at: Date | null;
  attempts: Generated<number>;
  done_at: Date | null;
  outcome: MailOutcome | null;
  last_error: string | null;
}

export interface MailTables {
  "app.mail_outbox": MailOutboxTable;
}
