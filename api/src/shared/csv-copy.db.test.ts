import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, poolUse, type Db } from "../db/database.ts";
import { copyCsvLines } from "./csv-copy.ts";

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
