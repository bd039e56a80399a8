import { to as copyTo } from "pg-copy-streams";
import { poolOf, type Db } from "../db/database.ts";
import { csvBody } from "./csv.ts";

const LF = 10;
const CR = 13;
const BACKSLASH = 92;

/** What a backslash escape of COPY's text format stands for (the control characters it escapes, and itself). */
const UNESCAPED: Record<number, number> = { 98: 8, 102: 12, 110: LF, 114: CR, 116: 9, 118: 11, [BACKSLASH]: BACKSLASH };

/**
 * A converter of the output of `COPY (…) TO STDOUT` (text format) whose one column is a finished CSV line: each
 * row's LF becomes the line's CRLF (RFC 4180), and the escapes COPY wrote for a backslash or a control character
 * inside a line (a line break in a quoted cell) become those bytes again, whichever chunk they straddle. A chunk
 * without a backslash (every chunk when no cell holds a control character) is converted in one native string
 * replace, read as latin1 so every byte comes back as it was.
 */
export function crlfLines(): (chunk: Buffer) => Buffer {
  let escaped = false;
  return (chunk) => {
    if (!escaped && chunk.indexOf(BACKSLASH) === -1)
      return Buffer.from(chunk.toString("latin1").replaceAll("\n", "\r\n"), "latin1");
    const out = Buffer.allocUnsafe(chunk.length * 2);
    let to = 0;
    for (const byte of chunk) {
      if (escaped) {
        out[to++] = UNESCAPED[byte] ?? byte;
        escaped = false;
      } else if (byte === BACKSLASH) escaped = true;
      else {
        if (byte === LF) out[to++] = CR;
        out[to++] = byte;
      }
    }
    return out.subarray(0, to);
  };
}

/**
 * A CSV body that Postgres sends: the header line, then `query`'s rows, each one finished CSV line (its cells
 * through csvCell, without the CRLF), through `COPY (query) TO STDOUT` on a connection of its own. The bytes go on
 * as Postgres sends them, a chunk when the client took the previous one (back-pressure), with no work per row in
 * JS. COPY takes no parameters: `query` holds its values as literals (sql.lit). A client that goes away ends the
 * COPY with the connection.
 */
export function copyCsvLines(
  db: Db,
  header: string[],
  query: { compile(): { sql: string; parameters: readonly unknown[] } },
) {
  const compiled = query.compile();
  if (compiled.parameters.length) throw new Error("COPY takes no parameters: write the query's values with sql.lit");
  const chunks = copied(db, `COPY (${compiled.sql}) TO STDOUT`);
  return csvBody(
    header,
    async () => {
      const next = await chunks.next();
      return next.done ? null : next.value;
    },
    async () => chunks.return(undefined),
  );
}

/** The output of a COPY … TO STDOUT as CRLF lines; its connection goes back to the pool after the last row. */
async function* copied(db: Db, copy: string) {
  const client = await poolOf(db).connect();
  let finished = false;
  try {
    const toCrlf = crlfLines();
    for await (const chunk of client.query(copyTo(copy))) yield toCrlf(chunk as Buffer);
    finished = true;
  } finally {
    client.release(!finished);
  }
}
