import { poolOf, type Db } from "../db/database.ts";
import { CopyCsvOut } from "./copy-out.ts";
import { csvBody } from "./csv.ts";

/**
 * A CSV body that Postgres sends: the header line, then `query`'s rows, each one finished CSV line (its cells
 * through csvCell, without the CRLF), through `COPY (query) TO STDOUT` on a connection of its own. The bytes go on
 * as Postgres sends them, a chunk when the client took the previous one (back-pressure), with no work per row in
 * JS but one copy of each line out of the socket's bytes (CopyCsvOut). COPY takes no parameters: `query` holds its values as literals (sql.lit). A client that goes away ends the
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
    for await (const chunk of client.query(new CopyCsvOut(copy)) as AsyncIterable<Buffer>) yield chunk;
    finished = true;
  } finally {
    client.release(!finished);
  }
}
