/** Whether a cell starting with this character code would be read by a spreadsheet as a formula: = + - @ tab CR. */
export const formulaStart = (code: number) =>
  code === 61 || code === 43 || code === 45 || code === 64 || code === 9 || code === 13;

/**
 * A cell of a CSV the portal wrote, as it was before: the apostrophe the export puts before a cell that would start a
 * formula (csvCell) is taken off, so an export imports back unchanged ('+ops@example.com' is +ops@example.com again).
 */
export const unguardedCell = (value: string) =>
  value.startsWith("'") && value.length > 1 && formulaStart(value.charCodeAt(1)) ? value.slice(1) : value;
