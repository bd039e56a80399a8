import type { ServerResponse } from "node:http";
import { poolOf, type Db } from "../db/database.ts";
import { CopyCsvOut, type CopyLinesSink } from "./copy-out.ts";
import { csvBody, csvLine } from "./csv.ts";
import { writesItself } from "./direct-body.ts";

/**
 * A CSV body that Postgres sends: the header line, then `query`'s rows, each one finished CSV line (its cells
 * through csvCell, without the CRLF), through `COPY (query) TO STDOUT` on a connection of the pool. The bytes go on
 * as Postgres sends them, with no work per row in JS (CopyCsvOut). COPY takes no parameters: `query` holds its
 * values as literals (sql.lit). A client that goes away ends the COPY with the connection.
 *
 * Served by Node, the lines go to the response straight from the buffers the connection reads into, each buffer
 * read into again once its lines were written out (writeCopy), so a download of any size holds a few of them;
 * anywhere else the body is a stream of copies of them, a read's lines when the reader took the one before.
 */
export function copyCsvLines(
  db: Db,
  header: string[],
  query: { compile(): { sql: string; parameters: readonly unknown[] } },
): ReadableStream<Uint8Array> {
  const compiled = query.compile();
  if (compiled.parameters.length) throw new Error("COPY takes no parameters: write the query's values with sql.lit");
  const copy = `COPY (${compiled.sql}) TO STDOUT`;
  const chunks = copied(db, copy);
  return writesItself(
    csvBody(
      header,
      async () => {
        const next = await chunks.next();
        return next.done ? null : next.value;
      },
      async () => chunks.return(undefined),
    ),
    (out) => void writeCopy(db, header, copy, out),
  );
}

/** What a sink of a COPY saw: a read's lines, the end, or the COPY's failure. */
type Seen = { lines: Buffer[]; release: () => void } | { error: Error } | null;

/** The output of a COPY … TO STDOUT as CRLF lines, a copy of each read's; its connection goes back to the pool after the last row. */
async function* copied(db: Db, copy: string) {
  const client = await poolOf(db).connect();
  const seen: Seen[] = [];
  let wake: (() => void) | undefined;
  const see = (item: Seen) => {
    seen.push(item);
    wake?.();
  };
  let finished = false;
  try {
    client.query(
      new CopyCsvOut(copy, {
        lines: (lines, release) => see({ lines, release }),
        end: () => see(null),
        fail: (error) => see({ error }),
      }),
    );
    for (;;) {
      while (!seen.length) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const item = seen.shift()!;
      if (item === null) break;
      if ("error" in item) throw item.error;
      const chunk = Buffer.concat(item.lines);
      item.release();
      yield chunk;
    }
    finished = true;
  } finally {
    client.release(!finished);
  }
}

/**
 * Writes the CSV of a COPY to Node's response: the header, then each read's lines from the connection's own buffer,
 * which it reads into again once the response wrote them out (the write's callback). The response ends after the
 * last row; Postgres' error destroys it, and a client that goes away ends the COPY with its connection.
 */
async function writeCopy(db: Db, header: string[], copy: string, out: ServerResponse) {
  out.write(csvLine(header));
  let client;
  try {
    client = await poolOf(db).connect();
  } catch (error) {
    out.destroy(error as Error);
    return;
  }
  if (out.destroyed) {
    client.release();
    return;
  }
  let done = false;
  const finish = (error?: Error) => {
    if (done) return false;
    done = true;
    out.off("close", gone);
    client.release(error ?? false);
    return true;
  };
  const gone = () => finish(new Error("the client went away during the export"));
  out.on("close", gone);
  const sink: CopyLinesSink = {
    lines(lines, release) {
      if (done) return release();
      out.cork();
      const last = lines.length - 1;
      for (let i = 0; i < last; i++) out.write(lines[i]);
      out.write(lines[last], () => release());
      out.uncork();
    },
    end() {
      if (finish()) out.end();
    },
    fail(error) {
      if (finish(error)) out.destroy(error);
    },
  };
  client.query(new CopyCsvOut(copy, sink));
}
