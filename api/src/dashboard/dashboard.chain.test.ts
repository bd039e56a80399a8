import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pli } from "../../../test/chain.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { adminAndTwoOperators, approvedNode } from "../../test/incentives.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, DASHBOARD_LIMITS, INCENTIVE_STATUS, NODE_STATUS } from "../public-contract/index.ts";

/**
 * Both dashboards over a real chain: stakes and a payout sent to anvil and indexed by Ponder, and
 * incentive rows of this month and the last; every figure is checked against what was done.
 */
let app: Awaited<ReturnType<typeof startChainApp>>;
let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<typeof newOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;
let topupTime: string;
let paidId: string;
let latestRoundAt: Date;

const now = new Date();
const monthOf = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
const thisMonth = monthOf(0);
const lastMonth = monthOf(-1);
const get = async (token: string, url: string) => {
  const response = await t.call("GET", url, { token });
  expect(response.status).toBe(200);
  return response.body;
};

beforeAll(async () => {
  app = await startChainApp({ priceFeed: true });
  ({ t } = app);
  const feed = app.chain.as("owner").priceFeed!;
  const chainNow = async () => (await app.chain.publicClient.getBlock()).timestamp;
  await app.chain.mined(feed.write.addRound([3_000_000n, await chainNow()]));
  ({ admin, a, b } = await adminAndTwoOperators(app));
  const nodeOfA = await approvedNode(app, admin, a, 1);
  const nodeOfB = await approvedNode(app, admin, b, 2);
  await app.chain.mined(app.chain.as("validator").staking.write.stakeTokens([pli(100_000), nodeOfA.node]));
  await app.chain.mined(app.chain.as("standby").staking.write.stakeTokens([pli(50_000), nodeOfB.node]));
  const topup = await app.chain.mined(app.chain.as("validator").staking.write.topupStake([pli(20_000), nodeOfA.node]));
  topupTime = new Date(
    Number((await app.chain.publicClient.getBlock({ blockNumber: topup.blockNumber })).timestamp) * 1000,
  ).toISOString();
  const row = (wallet: string, node: string, date: string, token: bigint) => ({
    wallet,
    node,
    date,
    token: token.toString(),
    inactive_count: 0,
    staked_days: 30,
    accrued_days: 30,
    percentage: "2.5",
  });
  const inserted = await t.db
    .insertInto("app.incentive")
    .values([
      row(a.wallet, nodeOfA.nodeKey, lastMonth, pli(1_000)),
      row(a.wallet, nodeOfA.nodeKey, thisMonth, pli(2_000)),
      row(b.wallet, nodeOfB.nodeKey, thisMonth, pli(500)),
    ])
    .returning("id")
    .execute();
  paidId = inserted[0]!.id;
  const owner = app.chain.as("owner");
  await app.chain.fund("owner", pli(5_000));
  await app.chain.mined(owner.staking.write.depositReward([pli(5_000)]));
  await app.chain.mined(feed.write.addRound([4_125_000n, await chainNow()]));
  const pay = await app.chain.mined(
    owner.staking.write.payRewards([
      [a.address],
      [pli(1_000)],
      [BigInt(lastMonth.replaceAll("-", ""))],
      [nodeOfA.node as Address],
    ]),
  );
  const latestAt = await chainNow();
  await app.chain.mined(feed.write.addRound([5_000_000n, latestAt]));
  latestRoundAt = new Date(Number(latestAt) * 1000);
  await app.synced();
  expect(
    (
      await t.call("POST", API.incentive.update, {
        token: admin,
        body: { tnxHash: pay.transactionHash, selectedArray: [{ _id: paidId }] },
      })
    ).body.paid,
  ).toEqual([paidId]);
});
afterAll(() => app?.stop());

describe("dashboards", () => {
  it("the operator's: their stake, latest stake date, recent events and incentives, totals per status, counts and monthly charts", async () => {
    const dashboard = await get(a.token, API.dashboard.user);
    expect(dashboard).toMatchObject({
      tillStake: pli(120_000).toString(),
      lastStakedDate: topupTime,
      count: { tnxCount: 2, incentiveCount: 2 },
      incentiveListAll: [
        { status: INCENTIVE_STATUS.paid, count: 1, token: pli(1_000).toString() },
        { status: INCENTIVE_STATUS.unPaid, count: 1, token: pli(2_000).toString() },
      ],
    });
    expect(
      dashboard.transactionList.map((tx: { kind: string; totalStake: string; user: { walletAddress: string } }) => [
        tx.kind,
        tx.totalStake,
        tx.user.walletAddress,
      ]),
    ).toEqual([
      ["topup", pli(20_000).toString(), a.wallet],
      ["stake", pli(100_000).toString(), a.wallet],
    ]);
    expect(
      dashboard.incentiveList.map((row: { date: string; status: string; token: string }) => [
        row.date,
        row.status,
        row.token,
      ]),
    ).toEqual([
      [thisMonth, INCENTIVE_STATUS.unPaid, pli(2_000).toString()],
      [lastMonth, INCENTIVE_STATUS.paid, pli(1_000).toString()],
    ]);
    const { stake, incentives, payouts } = dashboard.charts;
    for (const chart of [stake, incentives, payouts]) expect(chart).toHaveLength(DASHBOARD_LIMITS.chartMonths);
    expect(stake.at(-1)).toEqual({ month: thisMonth.slice(0, 7), total: pli(120_000).toString() });
    expect(stake.at(-2)).toEqual({ month: lastMonth.slice(0, 7), total: "0" });
    expect(incentives.slice(-3)).toEqual([
      { month: monthOf(-2).slice(0, 7), accrued: pli(1_000).toString(), paid: pli(1_000).toString() },
      { month: lastMonth.slice(0, 7), accrued: pli(2_000).toString(), paid: "0" },
      { month: thisMonth.slice(0, 7), accrued: "0", paid: "0" },
    ]);
    expect(payouts.at(-1)).toEqual({ month: thisMonth.slice(0, 7), amount: pli(1_000).toString() });
    expect((await get(b.token, API.dashboard.user)).count).toEqual({ tnxCount: 1, incentiveCount: 1 });
  });

  it("carry USD beside the PLI totals: paid this year at the price in force at the payment, unpaid and staked at the latest", async () => {
    const latestPrice = { usdPerPli: "0.05", roundId: "3", updatedAt: latestRoundAt.toISOString(), stale: false };
    // Paid: 1,000 PLI at $0.04125 (the round before the payment, not the later $0.05); unpaid 2,000 and staked 120,000
    // PLI at $0.05.
    expect((await get(a.token, API.dashboard.user)).usd).toEqual({
      latestPrice,
      paidThisYear: { year: now.getUTCFullYear(), token: pli(1_000).toString(), usd: "41.25", unpriced: 0 },
      unpaid: "100.00",
      staked: "6000.00",
    });
    expect((await get(admin, API.dashboard.admin)).usd).toEqual({
      latestPrice,
      paidThisYear: { year: now.getUTCFullYear(), token: pli(1_000).toString(), usd: "41.25", unpriced: 0 },
      unpaid: "125.00",
      staked: "8500.00",
    });
  });

  it("the admin's: everybody's figures with the counts of requests, operators and nodes", async () => {
    const dashboard = await get(admin, API.dashboard.admin);
    const nodes = await t.db.selectFrom("app.node").select("status").execute();
    expect(dashboard).toMatchObject({
      tillStake: pli(170_000).toString(),
      lastStakedDate: topupTime,
      count: {
        tnxCount: 3,
        incentiveCount: 3,
        requestCount: 0,
        userCount: 2,
        totalNodeCount: 2,
        activeNodeCount: nodes.filter((node) => node.status === NODE_STATUS.active).length,
        inactiveNodeCount: 0,
      },
      incentiveListAll: [
        { status: INCENTIVE_STATUS.paid, count: 1, token: pli(1_000).toString() },
        { status: INCENTIVE_STATUS.unPaid, count: 2, token: pli(2_500).toString() },
      ],
    });
    expect(dashboard.transactionList).toHaveLength(3);
    expect(dashboard.incentiveList).toHaveLength(3);
    expect(dashboard.charts.stake.at(-1).total).toBe(pli(170_000).toString());
    expect(dashboard.charts.incentives.at(-2)).toEqual({
      month: lastMonth.slice(0, 7),
      accrued: pli(2_500).toString(),
      paid: "0",
    });
  });

  it("each paid incentive carries the PLI/USD price at its payment's block and its USD value; unpaid ones none", async () => {
    const paid = await get(admin, `${API.incentive.byId}?incentiveId=${paidId}`);
    expect(paid).toMatchObject({ paidPrice: { usdPerPli: "0.04125", roundId: "2" }, paidUsd: "41.25" });
    const list = await get(admin, API.incentive.root);
    const unpaid = list.docs.filter((row: { status: string }) => row.status === INCENTIVE_STATUS.unPaid);
    expect(unpaid.length).toBe(2);
    for (const row of unpaid) expect(row).toMatchObject({ paidPrice: null, paidUsd: null });
  });

  it("an API without PRICE_FEED_ADDRESS shows no USD anywhere, though the indexer kept the feed's prices", async () => {
    const { pliToken, stakingRewards, pluginFarm } = app.chain.deployment.contracts;
    const unpriced = await createTestApp({
      databaseUrl: t.config.DATABASE_URL,
      rpcUrl: app.chain.anvil.rpcUrl,
      env: { PLI_TOKEN_ADDRESS: pliToken, STAKING_ADDRESS: stakingRewards, FARM_ADDRESS: pluginFarm },
    });
    try {
      expect(unpriced.config.PRICE_FEED_ADDRESS).toBeUndefined();
      const paid = await unpriced.call("GET", `${API.incentive.byId}?incentiveId=${paidId}`, { token: admin });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: INCENTIVE_STATUS.paid, paidPrice: null, paidUsd: null });
      const list = await unpriced.call("GET", API.incentive.root, { token: admin });
      for (const row of list.body.docs) expect(row).toMatchObject({ paidPrice: null, paidUsd: null });
      expect((await unpriced.call("GET", API.dashboard.admin, { token: admin })).body.usd).toBeNull();
    } finally {
      await unpriced.close();
    }
  });

  it("the tax report and the transaction list value each stake event and payment at the round in force at its block", async () => {
    const year = now.getUTCFullYear();
    const range = `from=${year}-01-01&to=${year}-12-31`;
    const feed = app.chain.deployment.contracts.priceFeed!.toLowerCase();
    const report = await t.call("GET", `${API.incentive.taxReport}?${range}`, { token: a.token });
    expect(report.status).toBe(200);
    expect(report.headers.get("content-disposition")).toBe(
      `attachment; filename="tax-report_${year}-01-01_${year}-12-31_feed-${feed}.csv"`,
    );
    const cells = (body: string) =>
      body
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(","));
    // The stakes at $0.03 (the first round), the payment at $0.04125 (the round before it, not the later $0.05).
    expect(
      cells(report.body).map(([, kind, wallet, , , token, price, usd]) => [kind, wallet, token, price, usd]),
    ).toEqual([
      ["Stake", a.wallet, "100000", "0.03", "3000.00"],
      ["Top-up", a.wallet, "20000", "0.03", "600.00"],
      ["Reward payment", a.wallet, "1000", "0.04125", "41.25"],
    ]);
    const everyone = await t.call("GET", `${API.incentive.taxReport}?${range}`, { token: admin });
    expect(cells(everyone.body).map(([, kind, wallet]) => [kind, wallet])).toContainEqual(["Stake", b.wallet]);
    const events = await get(a.token, API.stake.transactions);
    expect(events.docs.map((row: { kind: string; usd: string | null }) => [row.kind, row.usd])).toEqual([
      ["topup", "600.00"],
      ["stake", "3000.00"],
    ]);
  });

  it("each dashboard answers only its own role", async () => {
    expect((await t.call("GET", API.dashboard.user, { token: admin })).status).toBe(403);
    expect((await t.call("GET", API.dashboard.admin, { token: a.token })).status).toBe(403);
    expect((await t.call("GET", API.dashboard.admin)).status).toBe(401);
  });
});
