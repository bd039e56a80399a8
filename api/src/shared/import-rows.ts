import { z } from "zod";

import { unguardedCell } from "./csv-guard.ts";
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from "./import-messages.ts";

export { IMPORT_MAX_ROWS, IMPORT_MESSAGES };

/**
 * The body of an import: the rows as the file gave them, each checked by the feature's row schema
 * (see checkImportRows), so that every bad row is reported at once rather than the first.
 */
export const importBodySchema = z.object({
  rows: z
    .array(z.record(z.string(), z.unknown()), { error: IMPORT_MESSAGES.importEmpty })
    .min(1, IMPORT_MESSAGES.importEmpty)
    .max(IMPORT_MAX_ROWS, IMPORT_MESSAGES.importTooMany),
});

/** What an import's check found: the parsed rows, or per row (`rows.<index>.<field>`) what is wrong. */
export type ImportCheck<T> = { rows: T[]; errors?: undefined } | { rows?: undefined; errors: Record<string, string> };

/**
 * Checks every row with `schema` and refuses a row whose `key` (after parsing, e.g. the lowercased
 * address) appeared on an earlier row. A text cell is read as the portal's exports write it: without the apostrophe
 * guarding a formula's first character (unguardedCell). The browser's preview and the API call it alike, so the preview
 * shows what the server would refuse.
 */
export function checkImportRows<T>(rows: unknown[], schema: z.ZodType<T>, key: keyof T & string): ImportCheck<T> {
  const errors: Record<string, string> = {};
  const parsed: T[] = [];
  const seen = new Set<unknown>();
  rows.forEach((row, index) => {
    const result = schema.safeParse(unguardedRow(row));
    if (!result.success) {
      for (const issue of result.error.issues) errors[`rows.${index}.${issue.path.join(".") || key}`] ??= issue.message;
      return;
    }
    if (seen.has(result.data[key])) errors[`rows.${index}.${key}`] = IMPORT_MESSAGES.importDuplicate;
    seen.add(result.data[key]);
    parsed.push(result.data);
  });
  return Object.keys(errors).length ? { errors } : { rows: parsed };
}

/** The errors of one row (field → message) out of an import's error map. */
export function rowErrors(errors: Record<string, string> | undefined, index: number): Record<string, string> {
  const prefix = `rows.${index}.`;
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors ?? {}))
    if (path.startsWith(prefix)) found[path.slice(prefix.length)] = message;
  return found;
}

/** A row with each text cell unguarded; anything else as it is. */
function unguardedRow(row: unknown): unknown {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === "string" ? unguardedCell(value) : value]),
  );
}
