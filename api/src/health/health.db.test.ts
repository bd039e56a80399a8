import { createServer, type Server } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { indexedUpToSql } from "../../../scripts/lib/production-build.ts";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { MIGRATION_NAMES } from "../db/migrate.ts";
import { RENAMED_MIGRATIONS } from "../db/migration-renames.ts";
import { API } from "../public-contract/index.ts";
import type { Health } from "./schema.ts";
import { HEALTH_ANSWER_MS } from "./service.ts";

const CHAIN_ID = 31337;
const MAX_LAG = 5;

let t: TestApp;
let rpc: Server;
/** The chain calls the RPC endpoint received, by method. */
const calls: string[] = [];
/** The SQL of every query the app sent to the database. */
const queries: string[] = [];
let head = 0x100;

beforeAll(async () => {
  const port = await freePort();
  rpc = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const request = JSON.parse(body) as { id: number; method: string };
      calls.push(request.method);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: `0x${head.toString(16)}` }));
    });
  });
  await new Promise<void>((resolve) => rpc.listen(port, "127.0.0.1", resolve));
  t = await createTestApp({
    rpcUrl: `http://127.0.0.1:${port}`,
    env: { READY_MAX_LAG_BLOCKS: String(MAX_LAG) },
    onQuery: (query) => queries.push(query),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => rpc?.close(resolve));
});

/**
 * Makes the indexer look caught up to `block`, then lets the cached readiness answer expire. The indexer's role
 * publishes the stand-in, as Ponder publishes its views: the API's role reads what that role publishes.
 */
async function indexedUpTo(block: number) {
  await sql.raw(indexedUpToSql(block, CHAIN_ID)).execute(t.indexerDb);
  await answerExpired();
}
const answerExpired = () => new Promise((resolve) => setTimeout(resolve, HEALTH_ANSWER_MS + 50));

const ready = async () => {
  const { status, body } = await t.call("GET", API.healthReady);
  return { status, body: body as Health };
};

beforeEach(async () => {
  head = 0x100;
  await indexedUpTo(head);
  calls.length = 0;
  queries.length = 0;
});

describe("GET /api/health/ready", () => {
  it("answers 200 with every part reported while all are up, and /api/health gives the same answer", async () => {
    const answer = await ready();
    expect(answer).toEqual({
      status: 200,
      body: {
        status: "ok",
        database: { ok: true },
        chain: { ok: true, chainId: CHAIN_ID, head, endpoint: null },
        indexer: { ok: true, block: head, lag: 0, maxLag: MAX_LAG },
        migrations: { ok: true, pending: 0 },
      },
    });
    const health = await t.call("GET", API.health);
    expect({ status: health.status, body: health.body }).toEqual(answer);
  });

  it("answers 503 once the indexer trails the head by more than READY_MAX_LAG_BLOCKS, 200 at exactly that lag", async () => {
    await indexedUpTo(head - MAX_LAG - 1);
    const behind = await ready();
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({
      status: "degraded",
      database: { ok: true },
      chain: { ok: true, head },
      indexer: { ok: false, block: head - MAX_LAG - 1, lag: MAX_LAG + 1, maxLag: MAX_LAG },
      migrations: { ok: true },
    });

    await indexedUpTo(head - MAX_LAG);
    const atLimit = await ready();
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.indexer).toEqual({ ok: true, block: head - MAX_LAG, lag: MAX_LAG, maxLag: MAX_LAG });
  });

  it("answers 503 while a migration this version knows is not applied", async () => {
    const missing = MIGRATION_NAMES.at(-1)!;
    const [row] = await sql<{ name: string; timestamp: string }>`
      DELETE FROM app.kysely_migration WHERE name = ${missing} RETURNING name, timestamp
    `
      .execute(t.db)
      .then((result) => result.rows);
    try {
      await answerExpired();
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        status: "degraded",
        database: { ok: true },
        indexer: { ok: true },
        migrations: { ok: false, pending: 1 },
      });
    } finally {
      await sql`INSERT INTO app.kysely_migration (name, timestamp) VALUES (${row!.name}, ${row!.timestamp})`.execute(
        t.db,
      );
    }
    await answerExpired();
    expect((await ready()).body.migrations).toEqual({ ok: true, pending: 0 });
  });

  it("counts migrations a database recorded under their names from before the numbering as applied", async () => {
    const numbered = Object.entries(RENAMED_MIGRATIONS);
    const rename = (pairs: [string, string][]) =>
      sql`UPDATE app.kysely_migration AS m SET name = r.to_name
        FROM unnest(${pairs.map(([from]) => from)}::text[], ${pairs.map(([, to]) => to)}::text[]) AS r (from_name, to_name)
        WHERE m.name = r.from_name`.execute(t.db);
    await rename(numbered.map(([dated, number]) => [number, dated]));
    try {
      await answerExpired();
      const answer = await ready();
      expect(answer.status).toBe(200);
      expect(answer.body.migrations).toEqual({ ok: true, pending: 0 });
    } finally {
      await rename(numbered);
    }
  });

  it("checks the database and asks the chain once for any number of requests within a second, and again after it", async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? ready() : t.call("GET", API.health))),
    );
    for (let i = 0; i < 20; i++) burst.push(await ready());
    expect(calls).toEqual(["eth_blockNumber"]);
    const oneCheck = [...queries];
    expect(oneCheck.length).toBeGreaterThan(0);
    expect(new Set(oneCheck).size, "each query of a check once").toBe(oneCheck.length);
    expect(new Set(burst.map((answer) => answer.status))).toEqual(new Set([200]));

    head += 1;
    await answerExpired();
    expect((await ready()).body.chain.head).toBe(head);
    expect(calls).toEqual(["eth_blockNumber", "eth_blockNumber"]);
    expect(queries).toEqual([...oneCheck, ...oneCheck]);
  });
});

describe("GET /api/health/live", () => {
  it("answers 200 without asking the database or the chain", async () => {
    for (let i = 0; i < 10; i++) {
      const { status, body } = await t.call("GET", API.healthLive);
      expect({ status, body }).toEqual({ status: 200, body: { status: "ok" } });
    }
    expect(calls).toEqual([]);
    expect(queries).toEqual([]);
  });

  it("answers 200 while the database is unreachable, when readiness answers 503", async () => {
    const unreachable = await createTestApp();
    try {
      await unreachable.appDb.destroy();
      const live = await unreachable.call("GET", API.healthLive);
      expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: "ok" } });
      const notReady = await unreachable.call("GET", API.healthReady);
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: "degraded", database: { ok: false }, migrations: { ok: false } });
    } finally {
      await unreachable.close();
    }
  });
});
