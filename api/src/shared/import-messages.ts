/** The most rows one import may carry: enough for any directory, small enough for one request and one transaction. */
export const IMPORT_MAX_ROWS = 5000;

export const IMPORT_MESSAGES = {
  importEmpty: "The file has no rows",
  importTooMany: `An import holds at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows: split the file`,
  importDuplicate: "Appears on an earlier row of this file",
  importRefused: "Nothing was saved: fix the rows listed and import the file again",
} as const;
