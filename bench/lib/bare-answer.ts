import { request } from "node:http";
import type { LoadCase } from "./load.ts";

/** Headers Node writes to every answer itself: the bare server's Node writes its own. */
const NODE_OWN = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** `c`'s answer as it came over the wire (compressed as the case's Accept-Encoding asked), for bare-hono.ts. */
function rawAnswer(c: LoadCase): Promise<{ status: number; headers: [string, string][]; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(c.url, { method: c.method, headers: c.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => {
        const headers: [string, string][] = [];
        for (const [name, values] of Object.entries(answer.headersDistinct))
          if (!NODE_OWN.has(name)) for (const value of values ?? []) headers.push([name, value]);
        resolve({ status: answer.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("base64") });
      });
    });
    sent.on("error", reject);
    sent.end(c.body);
  });
}

/**
 * A floor case for `c`: the bare server's `GET /answer`, asked with `c`'s headers, answering the bytes `c`'s answer
 * had when this was called (status, headers and body). Its CPU per request is what @hono/node-server spends on the same
 * request and the same answer on the wire, without the API's work.
 */
export async function sameAnswerCase(bare: string, c: LoadCase): Promise<LoadCase> {
  const answer = await rawAnswer(c);
  const given = await fetch(new URL("answer", bare), { method: "PUT", body: JSON.stringify(answer) });
  if (given.status !== 204) throw new Error(`the bare server refused the answer of ${c.name}: ${given.status}`);
  return {
    name: `bare Hono, the answer of ${c.name}`,
    url: new URL("answer", bare).href,
    method: "GET",
    headers: c.headers,
    target: false,
  };
}
