import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { AlertKind, MailKind, MailOutcome } from "./rules.ts";

/**
 * One mail per event: the row is written in the transaction that makes the event (or, for a chain
 * event, by the scan that finds it), keyed by (kind, event key) so an event is never stored twice;
 * the mail job claims it before sending and marks it done after, so it is never sent twice.
 */
export interface AlertTable {
  kind: MailKind;
  event_key: string;
  recipient_type: "user" | "admin";
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

/** A kind of alert an operator turned off; every kind without a row is on. */
export interface AlertOptOutTable {
  operator_id: string;
  kind: AlertKind;
  created_at: Timestamp;
}

/** How far a scan for chain events has gone: events before `since` (the feature's start) never alert. */
export interface AlertScanTable {
  source: string;
  since: Timestamp;
  scanned_block: ColumnType<bigint, bigint | number | undefined, bigint | number>;
}

export interface AlertTables {
  "app.alert": AlertTable;
  "app.alert_opt_out": AlertOptOutTable;
  "app.alert_scan": AlertScanTable;
}
