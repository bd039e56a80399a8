import type { DayRange } from "../shared/date-range.ts";
import type { Db } from "../db/database.ts";
import { copyCsvLines } from "../shared/csv-copy.ts";
import { everyIncentive } from "./list.ts";

/** Spec 2's export columns. */
export const EXPORT_COLUMNS = [
  "Wallet Address",
  "Stake Id",
  "Status",
  "Token (PLI)",
  "Type",
  "Txn Hash",
  "Paid Date",
  "Created At",
];

/**
 * The CSV export of every matching incentive (see everyIncentive): the line each row keeps (its export_line, written
 * by the database on every insert and update, migration 0032_incentive-export-line), sent by Postgres through a COPY and
 * streamed as it comes: a million rows without formatting, a row object or a line built in JS.
 */
export const incentiveCsv = (db: Db, filter: { wallet?: string; q: string } & DayRange) =>
  copyCsvLines(db, EXPORT_COLUMNS, everyIncentive(db, filter).select("i.export_line"));
