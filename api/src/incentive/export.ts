import type { Db } from "../db/database.ts";
import { copyCsv } from "../shared/csv-copy.ts";
import { everyIncentive } from "./list.ts";
import { exportCells } from "./repository.ts";

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
 * The CSV export of every matching incentive (see everyIncentive), written by Postgres (a COPY, cells by
 * exportCells) and streamed as it comes: a million rows without a row object or a line built in JS.
 */
export const incentiveCsv = (db: Db, filter: { wallet?: string; q: string }) =>
  copyCsv(db, EXPORT_COLUMNS, exportCells(everyIncentive(db, filter)));
