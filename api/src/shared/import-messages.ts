/** The most rows one import may carry: enough for any directory, small enough for one request and one transaction. */
export const IMPORT_MAX_ROWS = 5000;

/**
 * The limit with thousands separators, written without Intl: this file is part of the first screen's script, and a
 * first `toLocaleString` call at load starts the browser's number formatting, about 10 ms of the first screen's start.
 */
const IMPORT_MAX_ROWS_TEXT = String(IMPORT_MAX_ROWS).replace(/\B(?=(\d{3})+$)/g, ",");

export const IMPORT_MESSAGES = {
  importEmpty: "The file has no rows",
  importTooMany: `An import holds at most ${IMPORT_MAX_ROWS_TEXT} rows: split the file`,
  importDuplicate: "Appears on an earlier row of this file",
  importRefused: "Nothing was saved: fix the rows listed and import the file again",
} as const;
