/** Characters that make a spreadsheet read a cell as a formula when they open it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell starting with
 * = + - @ (or tab, CR) gets a leading apostrophe so spreadsheets show it as text, never run it.
 */
export function csvCell(value: string | null): string {
  const text = value ?? "";
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: (string | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Rows gathered into one chunk of the body before it is handed on (about this many bytes). */
const CHUNK_BYTES = 64 * 1024;

/**
 * A CSV body streamed as it is read: the header at once, then the rows in chunks of about 64 KiB, each
 * pulled from `rows` only when the client takes the previous one (back-pressure), so memory stays
 * constant for any size. Cancelling the body (the client went away) ends `rows`, e.g. closes its cursor.
 */
export function csvStream<T>(header: string[], rows: AsyncIterable<T>, toCells: (row: T) => (string | null)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      let chunk = "";
      while (chunk.length < CHUNK_BYTES) {
        const next = await iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvLine(toCells(next.value));
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** A date as the spec's lists show it, DD-MM-YYYY (UTC); an empty cell for none. */
export function csvDate(date: Date | null): string | null {
  if (!date) return null;
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** The headers of a CSV download named `fileName`. */
export const csvHeaders = (fileName: string) => ({ "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"` });

/** The OpenAPI description of a CSV answer. */
export const csvResponse = (description: string) => ({ description, content: { "text/csv": { schema: { type: "string" as const } } } });
