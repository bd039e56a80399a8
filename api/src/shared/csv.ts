import { formulaStart } from "./csv-guard.ts";

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell starting with
 * = + - @ (or tab, CR) gets a leading apostrophe so spreadsheets show it as text, never run it.
 */
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = formulaStart(value.charCodeAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of `cells`, CRLF-terminated (built without intermediate arrays: exports call it a million times). */
export function csvLine(cells: (string | null)[]): string {
  let line = cells.length ? csvCell(cells[0] ?? null) : "";
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i] ?? null)}`;
  return `${line}\r\n`;
}

/** Rows gathered into one chunk of the body before it is handed on (about this many characters). */
const CHUNK_CHARS = 64 * 1024;

/**
 * The failure of a body cut for idleness, with the code @hono/node-server gives a client that went away: it is logged as
 * an aborted request, not as a server fault with its stack.
 */
const clientStalled = () =>
  Object.assign(new Error("the client stopped reading the answer"), { code: "ERR_STREAM_PREMATURE_CLOSE" });

/** How a CSV body ends besides its last row. */
export interface CsvBodyOptions {
  /**
   * The body is cut (`end` called, then the stream failed, so the client sees a broken answer rather than a file that
   * looks whole) once the client has taken nothing for this long: a client that stalls does not hold the cursor.
   */
  idleMs?: number;
  /** Called once when the body is over: sent whole, cancelled by the client, cut for idleness or failed. */
  onDone?: () => void;
}

/**
 * A body of CSV text: the header at once, then the chunks `next` makes (null at the end), each made
 * only when the client took the previous one (back-pressure), so memory stays constant for any size.
 * Cancelling the body (the client went away) calls `end`, e.g. to close a cursor. A chunk is text or, from a
 * CSV Postgres wrote, its bytes as they are.
 */
export function csvBody(
  header: string[],
  next: () => Promise<string | Uint8Array | null>,
  end: () => Promise<unknown>,
  { idleMs, onDone }: CsvBodyOptions = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let over = false;
  const finish = () => {
    clearTimeout(idle);
    if (over) return;
    over = true;
    onDone?.();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      clearTimeout(idle);
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvLine(header)));
        } else {
          const chunk = await next();
          if (chunk === null) {
            controller.close();
            finish();
            return;
          }
          controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        }
      } catch (error) {
        finish();
        throw error;
      }
      // The stream asks for the next chunk as soon as the client took this one; no ask for idleMs means it stalled.
      if (idleMs !== undefined)
        idle = setTimeout(() => {
          finish();
          controller.error(clientStalled());
          end().catch(() => undefined);
        }, idleMs);
    },
    async cancel() {
      finish();
      await end();
    },
  });
}

/** A CSV body streamed row by row from `rows`, in chunks of about 64 KiB. */
export function csvStream<T>(
  header: string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => (string | null)[],
  options: CsvBodyOptions = {},
): ReadableStream<Uint8Array> {
  const iterator = rows[Symbol.asyncIterator]();
  let done = false;
  return csvBody(
    header,
    async () => {
      let chunk = "";
      while (!done && chunk.length < CHUNK_CHARS) {
        const next = await iterator.next();
        if (next.done) done = true;
        else chunk += csvLine(toCells(next.value));
      }
      return chunk === "" ? null : chunk;
    },
    async () => iterator.return?.(),
    options,
  );
}

/** A CSV body streamed batch by batch (e.g. `batchesOf` a cursor): each batch's lines are one chunk. */
export function csvBatchStream<T>(
  header: string[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => (string | null)[],
): ReadableStream<Uint8Array> {
  return csvBatchLines(header, batches, (row) => csvLine(toCells(row)));
}

/**
 * A CSV body streamed batch by batch, each row written by `toLine` as one whole CRLF-terminated line
 * (its cells through csvCell): no array of cells per row. Each batch's lines are joined into one
 * chunk, a flat string that encodes several times faster than one grown by `+=`.
 */
export function csvBatchLines<T>(
  header: string[],
  batches: AsyncIterable<T[]>,
  toLine: (row: T) => string,
): ReadableStream<Uint8Array> {
  const iterator = batches[Symbol.asyncIterator]();
  return csvBody(
    header,
    async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return null;
        if (next.value.length) return next.value.map(toLine).join("");
      }
    },
    async () => iterator.return?.(),
  );
}

/**
 * A date as the spec's lists show it, DD-MM-YYYY (UTC): from a Date, or from text that starts with the
 * UTC day as YYYY-MM-DD (what Postgres answers for `(t AT TIME ZONE 'UTC')::date::text`, cheaper to
 * read in bulk than a timestamp). An empty cell for none.
 */
export function csvDate(date: Date | string | null): string | null {
  if (date === null) return null;
  const day = typeof date === "string" ? date : date.toISOString();
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** The headers of a CSV download named `fileName`. */
export const csvHeaders = (fileName: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${fileName}"`,
});

/** The OpenAPI description of a CSV answer. */
export const csvResponse = (description: string) => ({
  description,
  content: { "text/csv": { schema: { type: "string" as const } } },
});
