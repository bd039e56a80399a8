import { sql, type Expression, type RawBuilder } from "kysely";
import { to as copyTo } from "pg-copy-streams";
import { poolOf, type Db } from "../db/database.ts";
import { csvBody } from "./csv.ts";

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** The character codes csvCell guards at the start of a cell (= + - @ tab CR), as an SQL list. */
export const FORMULA_CODES = "61, 43, 45, 64, 9, 13";

/**
 * csvCell in SQL, for a CSV that Postgres writes (`COPY … WITH (FORMAT csv)`): a text starting with = + - @ (or tab,
 * CR) gets a leading apostrophe; an empty text becomes NULL, which COPY writes as an empty cell (an empty text it
 * would quote, ""). COPY itself quotes what csvCell quotes (a comma, quote or line break) and doubles the quotes.
 */
export const csvCellSql = (value: Expression<string | null>): RawBuilder<string | null> =>
  sql`nullif(CASE WHEN ascii(${value}) IN (${sql.raw(FORMULA_CODES)}) THEN '''' || ${value} ELSE ${value} END, '')`;

/**
 * COPY ends its CSV rows with LF, csvLine (RFC 4180) with CRLF: a converter of COPY's output, chunk by chunk, that
 * adds the CR before each LF outside a quoted cell. A chunk without a quote (every chunk when no cell is quoted) is
 * converted in one native string replace, read as latin1 so every byte comes back as it was.
 */
export function crlfRows(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    if (!quoted && chunk.indexOf(QUOTE) === -1)
      return Buffer.from(chunk.toString("latin1").replaceAll("\n", "\r\n"), "latin1");
    const out = Buffer.allocUnsafe(chunk.length * 2);
    let to = 0;
    for (const byte of chunk) {
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) out[to++] = CR;
      out[to++] = byte;
    }
    return out.subarray(0, to);
  };
}

/**
 * A CSV body that Postgres writes: the header line, then `query`'s rows through `COPY (query) TO STDOUT WITH (FORMAT
 * csv)` on a connection of its own, each column one cell (text cells through csvCellSql), as CRLF lines. The bytes
 * go on as Postgres sends them, a chunk when the client took the previous one (back-pressure), with no work per row
 * in JS. A date comes out as DD-MM-YYYY (COPY_DATESTYLE, set for this COPY alone). COPY takes no parameters: `query`
 * holds its values as literals (sql.lit). A client that goes away ends the COPY with the connection.
 */
export function copyCsv(
  db: Db,
  header: string[],
  query: { compile(): { sql: string; parameters: readonly unknown[] } },
) {
  const compiled = query.compile();
  if (compiled.parameters.length) throw new Error("COPY takes no parameters: write the query's values with sql.lit");
  const chunks = copied(db, `COPY (${compiled.sql}) TO STDOUT WITH (FORMAT csv)`);
  return csvBody(
    header,
    async () => {
      const next = await chunks.next();
      return next.done ? null : next.value;
    },
    async () => chunks.return(undefined),
  );
}

/** The DateStyle of a COPY: a date is written DD-MM-YYYY, as the lists show it (csvDate). */
const COPY_DATESTYLE = "Postgres, DMY";

/** The output of a COPY … TO STDOUT as CRLF rows; its connection goes back to the pool after the last row. */
async function* copied(db: Db, copy: string) {
  const client = await poolOf(db).connect();
  let finished = false;
  try {
    await client.query("BEGIN");
    await client.query(`SET LOCAL datestyle = '${COPY_DATESTYLE}'`);
    const toCrlf = crlfRows();
    for await (const chunk of client.query(copyTo(copy))) yield toCrlf(chunk as Buffer);
    await client.query("COMMIT");
    finished = true;
  } finally {
    client.release(!finished);
  }
}
