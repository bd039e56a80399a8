import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** An answer as Node sent it: its status, headers and bytes (still encoded). */
export interface Served {
  response: { status: number; headers: Headers };
  bytes: Buffer;
}

/** Asks `origin` for `page` with `headers` (GET unless `method` says otherwise), as a client of the served API would. */
export function served(
  origin: string,
  page: string,
  headers: Record<string, string>,
  { method = "GET", body }: { method?: string; body?: string } = {},
) {
  return new Promise<Served>((resolve, reject) => {
    request(`${origin}${page}`, { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined) received.set(name, Array.isArray(value) ? value.join(", ") : value);
        resolve({ response: { status: answer.statusCode!, headers: received }, bytes: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end(body);
  });
}

/** The text of a body sent in `encoding` (Content-Encoding: br, gzip or none). */
export const decoded = (bytes: Buffer, encoding: string | null) =>
  (encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes).toString();
