import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

/**
 * The exports' date ranges over rows on both sides of each bound (UTC days, first and last included), and the tax
 * report's rows, prices and owner checks. Chain facts are written to the indexer's tables behind the chain.* views.
 */
let t: TestAppWithSmtp;
let admin: string;
let a: Awaited<ReturnType<typeof newOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;
const FEED = "0x00000000000000000000000000000000000fEEd1";

/** March 2026: a row a second before it, on its first and last second, and a second after it. */
const TIMES = ["2026-02-28T23:59:59Z", "2026-03-01T00:00:00Z", "2026-03-31T23:59:59Z", "2026-04-01T00:00:00Z"];
const MARCH = "from=2026-03-01&to=2026-03-31";
const hashOf = (i: number) => `0x${i.toString(16).padStart(64, "0")}`;
const nodeOf = (i: number) => `0x${i.toString(16).padStart(40, "b")}`;
const csvRows = (body: string) => body.split("\r\n").slice(1, -1);
const get = async (url: string, token: string) => t.call("GET", url, { token });

beforeAll(async () => {
  t = await createTestAppWithSmtp({ env: { PRICE_FEED_ADDRESS: FEED } });
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx));
  admin = await t.adminToken(await t.addAdmin());
  a = await newOperator(t);
  b = await newOperator(t);
  for (const [i, time] of TIMES.entries()) {
    const block = 100 + i;
    // Operator a: a stake event and a reward payment in the same block; operator b: one stake event.
    await sql`INSERT INTO test_indexer.stake_event (id, kind, wallet, node, amount, total_after, tx_hash, block_number,
      block_time, log_index) VALUES (${`a${i}`}, 'stake', ${a.wallet}, ${nodeOf(1)}, ${`${i + 1}000000000000000000000`},
      ${`${i + 1}000000000000000000000`}, ${hashOf(i)}, ${block}, ${time}, 0), (${`b${i}`}, 'unstake', ${b.wallet}, ${nodeOf(2)}, '1', 0,
      ${hashOf(50 + i)}, ${block}, ${time}, 2)`.execute(t.db);
    await sql`INSERT INTO test_indexer.reward_payment (wallet, node, date_key, amount, tx_hash, block_number,
      block_time, log_index) VALUES (${a.wallet}, ${nodeOf(1)}, ${20260100 + i}, '1234567890123456789', ${hashOf(90 + i)},
      ${block}, ${time}, 1)`.execute(t.db);
    // The round in force at blocks 101 and 102: $0.04125 then $0.005 (half a cent per PLI); none kept for 100, 103.
    if (i === 1 || i === 2)
      await sql`INSERT INTO test_indexer.feed_price (block_number, feed, round_id, answer, decimals, updated_at)
        VALUES (${block}, ${FEED.toLowerCase()}, ${i}, ${i === 1 ? 4_125_000 : 500_000}, 8, ${time})`.execute(t.db);
  }
  const nodes = [await registerNode(t, a.token, 1), await registerNode(t, a.token, 2)];
  const operatorId = (
    await t.db.selectFrom("app.operator").select("id").where("wallet_address", "=", a.wallet).executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto("app.stake_request")
    .values([
      { operator_id: operatorId, node_id: nodes[0]!.id, status: "Rejected", created_at: new Date(TIMES[0]!) },
      { operator_id: operatorId, node_id: nodes[0]!.id, status: "Rejected", created_at: new Date(TIMES[1]!) },
      { operator_id: operatorId, node_id: nodes[1]!.id, status: "Rejected", created_at: new Date(TIMES[2]!) },
      { operator_id: operatorId, node_id: nodes[1]!.id, status: "Rejected", created_at: new Date(TIMES[3]!) },
    ])
    .execute();
  const incentive = (createdAt: string, i: number) => ({
    wallet: a.wallet,
    node: nodeOf(1),
    date: `2026-0${i + 1}-01`,
    created_at: new Date(createdAt),
    token: "1000",
    inactive_count: 0,
    staked_days: 30,
    accrued_days: 30,
    percentage: "2.5",
  });
  await t.db.insertInto("app.incentive").values(TIMES.map(incentive)).execute();
});
afterAll(() => t?.close());

describe("an export's date range", () => {
  it("includes its first and last UTC day and leaves out a row one second outside", async () => {
    const events = await get(`${API.stake.transactionsExport}?${MARCH}`, admin);
    expect(events.status).toBe(200);
    expect(csvRows(events.body).map((line: string) => line.split(",").at(-1))).toEqual([
      "2026-03-31T23:59:59.000Z",
      "2026-03-31T23:59:59.000Z",
      "2026-03-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
    ]);
    const requests = await get(`${API.stakeRequest.export}?${MARCH}`, admin);
    expect(csvRows(requests.body).map((line: string) => line.split(",")[0])).toEqual([
      "2026-03-31T23:59:59.000Z",
      "2026-03-01T00:00:00.000Z",
    ]);
    const incentives = await get(`${API.incentive.export}?${MARCH}`, admin);
    expect(csvRows(incentives.body).map((line: string) => line.split(",").at(-1))).toEqual([
      "31-03-2026",
      "01-03-2026",
    ]);
  });

  it("takes one bound alone, and keeps the export's own filters and columns", async () => {
    const fromApril = await get(`${API.stake.transactionsExport}?from=2026-04-01`, a.token);
    expect(fromApril.body).toBe(
      "Wallet Address,Node Address,Txn Hash,Total Stake (PLI),Staked After (PLI),Type,Status,Date\r\n" +
        `${a.wallet},${nodeOf(1)},${hashOf(3)},4000,4000,stake,,2026-04-01T00:00:00.000Z\r\n`,
    );
    const untilFebruary = await get(`${API.incentive.export}?to=2026-02-28`, admin);
    expect(csvRows(untilFebruary.body)).toHaveLength(1);
    expect(csvRows(untilFebruary.body)[0]).toMatch(/,28-02-2026$/);
  });

  it("without a range exports every row, as before ranges", async () => {
    expect(csvRows((await get(API.stake.transactionsExport, admin)).body)).toHaveLength(8);
    expect(csvRows((await get(API.stakeRequest.export, admin)).body)).toHaveLength(4);
    expect(csvRows((await get(API.incentive.export, admin)).body)).toHaveLength(4);
  });

  it("refuses a date that is not a day, a day outside the years it can read, and a last day before the first, with the field's message", async () => {
    for (const path of [
      API.incentive.export,
      API.stake.transactionsExport,
      API.stakeRequest.export,
      API.incentive.taxReport,
    ]) {
      const bad = await get(`${path}?from=2026-02-30&to=2026-03-31`, admin);
      expect(bad.status, path).toBe(400);
      expect(bad.body.errors, path).toEqual({ from: MESSAGES.rangeBadDate });
      const outOfBounds = "Enter a day from 1970-01-01 to 9999-12-30";
      for (const [range, errors] of [
        ["from=0000-01-01&to=0000-12-31", { from: outOfBounds, to: outOfBounds }],
        ["from=1969-12-31&to=1970-06-30", { from: outOfBounds }],
        ["from=9999-06-01&to=9999-12-31", { to: outOfBounds }],
      ] as const) {
        const outside = await get(`${path}?${range}`, admin);
        expect(outside.status, `${path}?${range}`).toBe(400);
        expect(outside.body.errors, `${path}?${range}`).toEqual(errors);
      }
      const reversed = await get(`${path}?from=2026-03-02&to=2026-03-01`, admin);
      expect(reversed.status, path).toBe(400);
      expect(reversed.body.errors, path).toEqual({ to: MESSAGES.rangeDayReversed });
    }
  });
});

describe("the tax report", () => {
  const HEADER = "Date (UTC),Kind,Wallet Address,Node Name,Node Address,Token (PLI),PLI/USD,USD,Txn Hash";

  it("lists each payment and stake event of the range with the price at its block and its USD to the cent", async () => {
    const report = await get(`${API.incentive.taxReport}?${MARCH}`, a.token);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-disposition")).toBe(
      `attachment; filename="tax-report_2026-03-01_2026-03-31_feed-${FEED.toLowerCase()}.csv"`,
    );
    expect(report.body.split("\r\n")).toEqual([
      HEADER,
      // 2,000 PLI at $0.04125 is $82.50; 1.234567890123456789 PLI at $0.04125 is $0.0509…, 5 cents.
      `2026-03-01T00:00:00.000Z,Stake,${a.wallet},,${nodeOf(1)},2000,0.04125,82.50,${hashOf(1)}`,
      `2026-03-01T00:00:00.000Z,Reward payment,${a.wallet},,${nodeOf(1)},1.234567890123456789,0.04125,0.05,${hashOf(91)}`,
      // At $0.005, 3,000 PLI is $15.00 and 1.2345… PLI $0.00617…, rounded to 1 cent.
      `2026-03-31T23:59:59.000Z,Stake,${a.wallet},,${nodeOf(1)},3000,0.005,15.00,${hashOf(2)}`,
      `2026-03-31T23:59:59.000Z,Reward payment,${a.wallet},,${nodeOf(1)},1.234567890123456789,0.005,0.01,${hashOf(92)}`,
      "",
    ]);
  });

  it("leaves price and USD empty for a block the feed had no round for", async () => {
    const report = await get(`${API.incentive.taxReport}?from=2026-04-01&to=2026-04-01`, a.token);
    expect(csvRows(report.body)).toEqual([
      `2026-04-01T00:00:00.000Z,Stake,${a.wallet},,${nodeOf(1)},4000,,,${hashOf(3)}`,
      `2026-04-01T00:00:00.000Z,Reward payment,${a.wallet},,${nodeOf(1)},1.234567890123456789,,,${hashOf(93)}`,
    ]);
  });

  it("gives an operator their own rows only, and an admin everyone's or one operator's", async () => {
    const own = csvRows((await get(`${API.incentive.taxReport}?${MARCH}`, b.token)).body);
    expect(own).toHaveLength(2);
    for (const row of own) expect(row).toContain(`,Unstake,${b.wallet},`);
    const refused = await get(`${API.incentive.taxReport}?${MARCH}&wallet=${a.wallet}`, b.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.taxReportOwnOnly);
    expect(csvRows((await get(`${API.incentive.taxReport}?${MARCH}`, admin)).body)).toHaveLength(6);
    const ofB = csvRows((await get(`${API.incentive.taxReport}?${MARCH}&wallet=${b.wallet}`, admin)).body);
    expect(ofB).toEqual(own);
  });

  it("needs both days of its range", async () => {
    const missing = await get(API.incentive.taxReport, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ from: MESSAGES.rangeDayRequired, to: MESSAGES.rangeDayRequired });
  });
});

describe("a stake event's USD", () => {
  it("is the event's amount at the round kept for its block, in the transaction list", async () => {
    const { body } = await get(`${API.stake.transactions}?limit=100`, a.token);
    const byHash = Object.fromEntries(
      body.docs.map((row: { tnxHash: string; price: unknown; usd: unknown }) => [row.tnxHash, row]),
    );
    expect(byHash[hashOf(1)]).toMatchObject({ price: { usdPerPli: "0.04125", roundId: "1" }, usd: "82.50" });
    expect(byHash[hashOf(2)]).toMatchObject({ price: { usdPerPli: "0.005", roundId: "2" }, usd: "15.00" });
    expect(byHash[hashOf(0)]).toMatchObject({ price: null, usd: null });
  });
});

it("without a price feed configured: no USD on stake events, and the tax report answers 409", async () => {
  const withoutFeed = await createTestAppWithSmtp();
  try {
    await withoutFeed.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx));
    const operator = await newOperator(withoutFeed);
    await sql`INSERT INTO test_indexer.stake_event (id, kind, wallet, node, amount, total_after, tx_hash, block_number,
      block_time, log_index) VALUES ('e', 'stake', ${operator.wallet}, ${nodeOf(1)}, '1000000000000000000000', 0,
      ${hashOf(1)}, 7, ${TIMES[1]}, 0)`.execute(withoutFeed.db);
    await sql`INSERT INTO test_indexer.feed_price (block_number, feed, round_id, answer, decimals, updated_at)
      VALUES (7, ${FEED.toLowerCase()}, 1, 4000000, 8, ${TIMES[1]})`.execute(withoutFeed.db);
    const events = await withoutFeed.call("GET", API.stake.transactions, { token: operator.token });
    expect(events.body.docs).toEqual([expect.objectContaining({ tnxHash: hashOf(1), price: null, usd: null })]);
    const token = await withoutFeed.adminToken(await withoutFeed.addAdmin());
    const response = await withoutFeed.call("GET", `${API.incentive.taxReport}?${MARCH}`, { token });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(MESSAGES.taxReportNeedsFeed);
  } finally {
    await withoutFeed.close();
  }
});
