import { request as httpRequest, type IncomingMessage } from "node:http";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { poolOf } from "../db/database.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

/**
 * What one tax report may take of the API: a range of at most 3 years, one download at a time per account, and its
 * pooled connection only while the client reads. Chain facts are written to the indexer's tables behind chain.*.
 */
let t: TestAppWithSmtp;
let admin: string;
let a: Awaited<ReturnType<typeof newOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;
/** An operator with a report larger than what the sockets between server and client hold (about 25 MB). */
let c: Awaited<ReturnType<typeof newOperator>>;
const FEED = "0x00000000000000000000000000000000000fEEd1";
/** The test's idle deadline (production: 30 s). */
const IDLE_MS = 600;
/** Enough payments that the report's cursor is still open after its first chunks (about 64 KiB each). */
const PAYMENTS = 6000;
const LARGE_REPORT_PAYMENTS = 100_000;
const YEAR = "from=2025-01-01&to=2025-12-31";

const report = (query: string, token: string) =>
  t.app.request(`${API.incentive.taxReport}?${query}`, { headers: { authorization: `Bearer ${token}` } });
/** Connections of the API's pool handed out and not yet given back. */
const inUse = () => {
  const pool = poolOf(t.appDb);
  return pool.totalCount - pool.idleCount;
};

beforeAll(async () => {
  t = await createTestAppWithSmtp({
    env: { PRICE_FEED_ADDRESS: FEED, TAX_REPORT_IDLE_TIMEOUT_MS: String(IDLE_MS) },
  });
  const indexer = t.indexerDb;
  await indexer.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx));
  admin = await t.adminToken(await t.addAdmin());
  a = await newOperator(t);
  b = await newOperator(t);
  c = await newOperator(t);
  for (const [wallet, count] of [
    [a.wallet, PAYMENTS],
    [c.wallet, LARGE_REPORT_PAYMENTS],
  ] as const)
    await sql`INSERT INTO test_indexer.reward_payment (wallet, node, date_key, amount, tx_hash, block_number,
      block_time, log_index) SELECT ${wallet}, ${`0x${"b".repeat(40)}`}, 20250000 + i, '1234567890123456789',
      '0x' || lpad(to_hex(i), 64, '0'), 1000 + i, '2025-01-01'::timestamptz + (i % 8000) * interval '1 hour', 0
      FROM generate_series(1, ${count}) AS i`.execute(indexer);
});
afterAll(() => t?.close());

describe("the tax report's range", () => {
  it("covers at most 3 years: a longer one answers 400 on its last day, with the registry's message", async () => {
    expect(MESSAGES.taxReportTooLong).toBe("A tax report covers at most 3 years: pick a shorter range");
    for (const range of ["from=2024-01-01&to=2027-01-01", "from=2000-01-01&to=2025-12-31"]) {
      const refused = await t.call("GET", `${API.incentive.taxReport}?${range}`, { token: admin });
      expect(refused.status, range).toBe(400);
      expect(refused.body.errors, range).toEqual({ to: MESSAGES.taxReportTooLong });
    }
    const threeYears = await t.call("GET", `${API.incentive.taxReport}?from=2023-01-01&to=2025-12-31`, {
      token: a.token,
    });
    expect(threeYears.status).toBe(200);
    expect(threeYears.body.split("\r\n").slice(1, -1)).toHaveLength(PAYMENTS);
  });
});

describe("a tax report's download", () => {
  it("holds one pooled connection while the client reads, and gives it back when the client stalls for the deadline", async () => {
    const before = inUse();
    const answer = await report(YEAR, a.token);
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    let bytes = 0;
    for (let i = 0; i < 3; i++) bytes += (await reader.read()).value!.byteLength;
    expect(bytes).toBeGreaterThan(64 * 1024);
    expect(inUse()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 3));
    expect(inUse(), "still open within the deadline").toBe(before + 1);
    await expect.poll(inUse, { timeout: IDLE_MS * 5, interval: 50 }).toBe(before);
    await expect(reader.read()).rejects.toThrow("the client stopped reading the answer");
    const next = await report(YEAR, a.token);
    expect(next.status).toBe(200);
    await next.body!.cancel();
  });

  it("is one at a time per account: a second answers 409 while the first streams, and is free once it ends", async () => {
    const first = await report(YEAR, a.token);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    await reader.read();
    const second = await report(YEAR, a.token);
    expect(second.status).toBe(409);
    expect((await second.json()).error).toBe(MESSAGES.taxReportBusy);
    const otherAccount = await report(YEAR, b.token);
    expect(otherAccount.status).toBe(200);
    await otherAccount.body!.cancel();
    while (!(await reader.read()).done);
    const afterEnd = await report(YEAR, a.token);
    expect(afterEnd.status).toBe(200);
    const cancelled = afterEnd.body!.getReader();
    await cancelled.read();
    await cancelled.cancel();
    const afterCancel = await report(YEAR, a.token);
    expect(afterCancel.status).toBe(200);
    expect((await afterCancel.text()).split("\r\n").slice(1, -1)).toHaveLength(PAYMENTS);
    expect(inUse()).toBe(0);
  });

  it("over HTTP, a client that reads nothing has its answer cut after the deadline and the connection is back", async () => {
    const port = await freePort();
    const server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
    try {
      const before = inUse();
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: `${API.incentive.taxReport}?${YEAR}`,
            headers: { authorization: `Bearer ${c.token}` },
          },
          resolve,
        )
          .on("error", reject)
          .end(),
      );
      response.pause();
      expect(response.statusCode).toBe(200);
      await expect.poll(inUse, { timeout: IDLE_MS, interval: 20 }).toBe(before + 1);
      await expect.poll(inUse, { timeout: IDLE_MS * 10, interval: 50 }).toBe(before);
      const received = await new Promise<{ complete: boolean; bytes: number }>((resolve) => {
        let bytes = 0;
        const done = () => resolve({ complete: response.complete, bytes });
        response.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        response.once("end", done).once("error", done).once("close", done);
        response.resume();
      });
      expect(received.complete, "the client sees a cut answer, never a file that looks whole").toBe(false);
      expect(received.bytes).toBeLessThan(LARGE_REPORT_PAYMENTS * 200);
      const next = await report(YEAR, c.token);
      expect(next.status).toBe(200);
      await next.body!.cancel();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
