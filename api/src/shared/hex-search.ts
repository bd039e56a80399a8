import { sql, type RawBuilder, type SqlBool } from "kysely";

/** `q` in lower case, for comparing with ASCII values (hex, statuses) the way ILIKE does under the C collation. */
export const asciiLower = (q: string) => q.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/**
 * How a case-insensitive "contains q" can match a lowercase 0x-hex string (an address or a hash, as the
 * indexer writes them): not at all when q holds anything but hex digits and one x; as a prefix when
 * q holds the x (an x occurs only second, after the 0), which a range of a btree index finds; else
 * anywhere (a scan).
 */
export type HexSearch =
  | { kind: "none" }
  | { kind: "prefix"; from: string; to: string; pattern: string }
  | { kind: "anywhere"; pattern: string };

/**
 * The smallest string after every string starting with `prefix`: its last hex digit or x moved to the next one ('9' to
 * 'a').
 */
const rangeEnd = (prefix: string) =>
  prefix.slice(0, -1) + (prefix.endsWith("9") ? "a" : String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1));

export function hexSearch(q: string): HexSearch {
  const lower = asciiLower(q);
  const prefixed = /^0?x([0-9a-f]*)$/.exec(lower);
  if (prefixed) {
    const prefix = `0x${prefixed[1]}`;
    return { kind: "prefix", from: prefix, to: rangeEnd(prefix), pattern: `${prefix}%` };
  }
  return /^[0-9a-f]+$/.test(lower) ? { kind: "anywhere", pattern: `%${lower}%` } : { kind: "none" };
}

/**
 * Whether the lowercase hex column `column` matches a search of `kind` with values `v` (from
 * hexSearch, or stand-ins for them): a prefix is a range of the column's btree index (alphanumeric
 * bounds, so in any collation) with the LIKE as a recheck.
 */
export function hexColumnMatches(
  column: string,
  kind: "prefix" | "anywhere",
  v: { from?: string; to?: string; pattern: string },
): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return kind === "prefix"
    ? sql<SqlBool>`(${ref} >= ${v.from} AND ${ref} < ${v.to} AND ${ref} LIKE ${v.pattern})`
    : sql<SqlBool>`${ref} LIKE ${v.pattern}`;
}
