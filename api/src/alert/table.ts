import type { ColumnType } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { AlertKind } from "./rules.ts";

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
  "app.alert_opt_out": AlertOptOutTable;
  "app.alert_scan": AlertScanTable;
}
