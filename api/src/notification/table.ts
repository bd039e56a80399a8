import type { ColumnType, Generated } from "kysely";

/** One event an operator was mailed about, shown under the bell; written by a trigger on the mail outbox. */
export interface NotificationTable {
  id: Generated<string>;
  operator_id: string;
  kind: string;
  event_key: string;
  details: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, never, never>;
  read_at: ColumnType<Date | null, never, Date>;
}

export interface NotificationTables {
  "app.notification": NotificationTable;
}
