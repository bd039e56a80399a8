import type { Db } from "../db/database.ts";
import { csvBatchLines, csvCell } from "../shared/csv.ts";
import { pliOfWei } from "../shared/pli.ts";
import { stakeIdOf } from "../stake/rules.ts";
import { allIncentives } from "./list.ts";
import type { IncentiveExportRow } from "./repository.ts";

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

/** A UTC day, YYYY-MM-DD, as the lists show it (csvDate's DD-MM-YYYY); an empty cell for none. */
const dayCell = (day: string | null) =>
  day === null ? "" : `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/**
 * One export line of spec 2's columns: the stored text through csvCell, the token in PLI and the days
 * as DD-MM-YYYY (digits, a point and dashes, never starting with a formula sign: no csvCell needed).
 */
export const exportLine = (row: IncentiveExportRow) =>
  `${csvCell(row.wallet)},${csvCell(stakeIdOf(row.wallet, row.node))},${csvCell(row.status)},${pliOfWei(row.token)},${csvCell(row.type)},${csvCell(row.paid_tx)},${dayCell(row.paid_day)},${dayCell(row.created_day)}\r\n`;

/** The CSV export of every matching incentive (see allIncentives), streamed batch by batch from a cursor. */
export const incentiveCsv = (db: Db, filter: { wallet?: string; q: string }) =>
  csvBatchLines(EXPORT_COLUMNS, allIncentives(db, filter), exportLine);
