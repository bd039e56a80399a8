import { get, type IncomingMessage } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, poolUse, type Db } from "../db/database.ts";
import { copyCsvLines } from "./csv-copy.ts";
import { csvHeaders } from "./csv.ts";
import { withDirectBodies } from "./direct-body.ts";

/** One connection: each test proves the COPY gave it back, since the next query needs the same one. */
let db: Db;
beforeAll(async () => {
  db = createDb(await createTestDatabase("copy"), 1);
});
afterAll(() => db?.destroy());

const ROWS = 100_000;
/** A query of ROWS finished lines (n, then "x,n"), the one at `failAt` dividing by zero when given. */
const lines = (failAt?: number) => ({
  compile: () => ({
    sql: `SELECT n || ',' || ${failAt ? `CASE WHEN n = ${failAt} THEN (1 / (n - ${failAt}))::text ELSE 'x' || n END` : "'x' || n"} FROM generate_series(1, ${ROWS}) AS n`,
    parameters: [],
  }),
});

const stillServes = async () => {
  const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
  expect(rows).toEqual([{ one: 1 }]);
  expect(poolUse(db)).toMatchObject({ total: 1, waiting: 0 });
};

describe("copyCsvLines", () => {
  it("streams every row of a large COPY as a CRLF line and gives its connection back", async () => {
    const text = await new Response(copyCsvLines(db, ["n", "line"], lines())).text();
    const all = text.split("\r\n");
    expect(all).toHaveLength(ROWS + 2);
    expect(all.slice(0, 3)).toEqual(["n,line", "1,x1", "2,x2"]);
    expect(all.slice(-2)).toEqual([`${ROWS},x${ROWS}`, ""]);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    await stillServes();
  });

  it("frees the connection when the reader goes away in the middle of the COPY", async () => {
    const reader = copyCsvLines(db, ["n", "line"], lines()).getReader();
    await reader.read();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^1,x1\r\n2,x2\r\n/);
    await reader.cancel();
    await stillServes();
  });

  it("fails the body with Postgres's error when the COPY fails halfway, and the pool serves the next query", async () => {
    await expect(new Response(copyCsvLines(db, ["n", "line"], lines(ROWS / 2))).text()).rejects.toThrow(
      "division by zero",
    );
    await stillServes();
  });
});

/**
 * Long lines with COPY's escapes in them (a backslash, a tab, a line break inside a quoted cell), 100 bytes or more
 * each: 10 MB, some 40 reads of the connection's few buffers, each read into again many times.
 */
const WIDE = 100_000;
const wide = {
  compile: () => ({
    sql: `SELECT n || ',"' || repeat(chr(65 + n % 26), 40 + n % 50) || E'\\\\\t\n' || n || '"' FROM generate_series(1, ${WIDE}) AS n`,
    parameters: [],
  }),
};
const wideText = () => {
  let text = "n,text\r\n";
  for (let n = 1; n <= WIDE; n++)
    text += `${n},"${String.fromCharCode(65 + (n % 26)).repeat(40 + (n % 50))}\\\t\n${n}"\r\n`;
  return text;
};

describe("copyCsvLines served by Node (withDirectBodies)", () => {
  let server: ServerType;
  let port: number;
  let query: typeof wide = wide;
  beforeAll(async () => {
    port = await freePort();
    server = serve({
      fetch: withDirectBodies(
        () => new Response(copyCsvLines(db, ["n", "text"], query), { headers: csvHeaders("t.csv") }),
      ),
      port,
      hostname: "127.0.0.1",
    });
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  /** GETs the CSV, pausing the response after its first chunk so the server holds its buffers meanwhile. */
  const download = () =>
    new Promise<{ response: IncomingMessage; text: Promise<string> }>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/`, (response) => {
        const chunks: Buffer[] = [];
        const text = new Promise<string>((done, fail) => {
          response.once("data", () => {
            response.pause();
            setTimeout(() => response.resume(), 100);
          });
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => done(Buffer.concat(chunks).toString()));
          response.on("error", fail);
          response.on("aborted", () => fail(new Error("aborted")));
        });
        resolve({ response, text });
      }).on("error", reject);
    });

  const copyBackends = async () =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE query LIKE 'COPY (%' AND pid <> pg_backend_pid()`.execute(db)
    ).rows[0]!.n;

  it("writes every byte from the connection's reused buffers, with the answer's headers", async () => {
    query = wide;
    const { response, text } = await download();
    expect(response.headers["content-disposition"]).toBe('attachment; filename="t.csv"');
    expect(await text).toBe(wideText());
    await stillServes();
  });

  it("ends the COPY and frees its connection when the client goes away", async () => {
    query = wide;
    const { response, text } = await download();
    await new Promise((resolve) => response.once("data", resolve));
    response.destroy();
    await expect(text).rejects.toThrow("aborted");
    await waitFor("the COPY to end", async () => (await copyBackends()) === 0, { timeoutMs: 10_000 });
    await stillServes();
  });

  it("breaks off the answer with Postgres's error halfway, and the pool serves the next query", async () => {
    query = lines(ROWS / 2);
    const { text } = await download();
    await expect(text).rejects.toThrow();
    await stillServes();
  });
});
