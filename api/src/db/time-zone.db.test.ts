import { execFileSync } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, type Db } from "./database.ts";

/** A month back from a day after Europe's clocks went forward: 30 calendar days in Berlin are 30 x 24 h less one. */
const WINDOW = sql<string>`to_char((timestamptz '2026-04-05 12:00:00+00' - make_interval(days => 30)) AT TIME ZONE 'UTC',
  'YYYY-MM-DD HH24:MI')`;

let url: string;
let db: Db;

beforeAll(async () => {
  url = await createTestDatabase("time-zone");
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    const { rows } = await setup.query<{ name: string }>("SELECT current_database() AS name");
    await setup.query(`ALTER DATABASE "${rows[0]!.name}" SET timezone = 'Europe/Berlin'`);
  } finally {
    await setup.end();
  }
  db = createDb(url, 2);
});

afterAll(async () => {
  await db?.destroy();
});

test("the API's connections count days in UTC on a database whose own time zone is another", async () => {
  const plain = new pg.Client({ connectionString: url });
  await plain.connect();
  try {
    const { rows } = await plain.query<{ window: string }>(`SELECT ${WINDOW.compile(db).sql} AS window`);
    expect(rows[0]!.window).toBe("2026-03-06 13:00");
  } finally {
    await plain.end();
  }
  const { rows } = await sql<{
    zone: string;
    window: string;
  }>`SELECT current_setting('TimeZone') AS zone, ${WINDOW} AS window`.execute(db);
  expect(rows[0]).toEqual({ zone: "UTC", window: "2026-03-06 12:00" });
});

test("a new connection's first query waits for the time zone: pg sees no query sent while another is queued", () => {
  const script = [
    `import { createDb, poolOf } from ${JSON.stringify(path.join(import.meta.dirname, "database.ts"))};`,
    `const db = createDb(${JSON.stringify(url)}, 1);`,
    "const { rows } = await poolOf(db).query(\"SELECT current_setting('TimeZone') AS zone\");",
    "console.log(rows[0].zone);",
    "await db.destroy();",
    // pg-pool keeps a released connection's idle timer (10 s) running after the pool has ended.
    "process.exit(0);",
  ].join("\n");
  const out = execFileSync(
    process.execPath,
    ["--throw-deprecation", "--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  expect(out.trim()).toBe("UTC");
});
