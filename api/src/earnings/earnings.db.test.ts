import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { accrueIncentives } from "../incentive/index.ts";
import { API, MESSAGES, type Earnings } from "../public-contract/index.ts";

/**
 * An operator's earnings over chain facts written to the indexer's tables behind chain.* and incentive rows written
 * to the database: the figures a person checks by hand, whose they are, and what the query refuses.
 */
let t: TestAppWithSmtp;
let admin: string;
let owner: Awaited<ReturnType<typeof newOperator>>;
let stranger: Awaited<ReturnType<typeof newOperator>>;
let whale: Awaited<ReturnType<typeof newOperator>>;
let node: string;
let nodeId: string;
let percentage: string;

const E18 = 10n ** 18n;
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const firstOf = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
const keyOf = (date: string) => date.replaceAll("-", "");
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => dayOf(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));
const OTHER_NODE = `0x${"c".repeat(40)}`;
const WHALE_NODE = `0x${"d".repeat(40)}`;
/** 78 digits: the largest amounts the chain's numeric(78) columns hold. */
const HUGE_STAKE = 10n ** 77n;
let block = 1000;

/** The days of the month `offset` months from now's. */
const daysOfMonth = (offset: number) =>
  BigInt(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0)).getUTCDate());
/** A month's incentive by hand: `stake` earning on `accrued` of the month's `days` days, at the settings' percentage. */
function monthAt(stake: bigint, accrued: bigint, days: bigint): bigint {
  const [whole, decimals = ""] = percentage.split(".");
  const rate = BigInt(`${whole}${decimals}`);
  const scale = 10n ** BigInt(decimals.length) * 100n;
  return (stake * accrued * rate) / (scale * days);
}

const earnings = async (token: string, query = "") => {
  const answer = await t.call("GET", `${API.earnings.root}${query}`, { token });
  return { status: answer.status, body: answer.body as Earnings & { errors?: Record<string, string> } };
};

async function stakeEvent(wallet: string, nodeAddress: string, kind: string, amount: bigint, total: bigint, at: Date) {
  block++;
  await sql`INSERT INTO test_indexer.stake_event (id, kind, wallet, node, amount, total_after, tx_hash, block_number, block_time, log_index)
    VALUES (${`e${block}`}, ${kind}, ${wallet}, ${nodeAddress}, ${amount.toString()}, ${total.toString()}, ${`0x${block.toString(16).padStart(64, "0")}`}, ${block}, ${at}, 0)`.execute(
    t.indexerDb,
  );
}
async function position(
  wallet: string,
  nodeAddress: string,
  status: string,
  total: bigint,
  at: Date,
  unlockedAt?: Date,
) {
  await sql`INSERT INTO test_indexer.stake_position (wallet, node, status, total_staked, first_staked_at, last_staked_at, last_stake_tx, unlocked_at, updated_block)
    VALUES (${wallet}, ${nodeAddress}, ${status}, ${total.toString()}, ${at}, ${at}, ${`0x${"1".repeat(64)}`}, ${unlockedAt ?? null}, ${block})`.execute(
    t.indexerDb,
  );
}
async function payment(wallet: string, nodeAddress: string, date: string, amount: bigint, at: Date) {
  block++;
  await sql`INSERT INTO test_indexer.reward_payment (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${wallet}, ${nodeAddress}, ${keyOf(date)}, ${amount.toString()}, ${`0x${block.toString(16).padStart(64, "a")}`}, ${block}, ${at}, 0)`.execute(
    t.indexerDb,
  );
}
const incentive = (wallet: string, nodeAddress: string, date: string, token: bigint) => ({
  wallet,
  node: nodeAddress,
  date,
  token: token.toString(),
  inactive_count: 0,
  staked_days: 30,
  accrued_days: 30,
  percentage: "2.5",
});

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx));
  admin = await t.adminToken(await t.addAdmin());
  [owner, stranger, whale] = [await newOperator(t), await newOperator(t), await newOperator(t)];
  ({ id: nodeId, node } = await registerNode(t, owner.token, 1));
  node = node.toLowerCase();
  percentage = (await t.db.selectFrom("app.incentive_rate").select("percentage").executeTakeFirstOrThrow()).percentage;

  // 1,000 PLI staked on the portal node since 400 days ago; 100 PLI on a second node for the last 100 days.
  await stakeEvent(owner.wallet, node, "stake", 1000n * E18, 1000n * E18, ago(400));
  await position(owner.wallet, node, "Stake", 1000n * E18, ago(400));
  await stakeEvent(owner.wallet, OTHER_NODE, "stake", 100n * E18, 100n * E18, ago(100));
  await position(owner.wallet, OTHER_NODE, "Stake", 100n * E18, ago(100));
  // Paid on the chain: 300 PLI in the last year for the portal node (one more payment before it), 10 for the other.
  await payment(owner.wallet, node, firstOf(-13), 999n * E18, ago(380));
  await payment(owner.wallet, node, firstOf(-3), 100n * E18, ago(60));
  await payment(owner.wallet, node, firstOf(-2), 200n * E18, ago(20));
  await payment(owner.wallet, OTHER_NODE, firstOf(-2), 10n * E18, ago(20));
  await t.db
    .insertInto("app.incentive")
    .values([
      incentive(owner.wallet, node, firstOf(-3), 100n * E18),
      incentive(owner.wallet, node, firstOf(-2), 200n * E18),
      incentive(owner.wallet, node, firstOf(-1), 25n * E18),
      incentive(owner.wallet, node, firstOf(0), 24n * E18),
      incentive(owner.wallet, OTHER_NODE, firstOf(-2), 10n * E18),
      incentive(owner.wallet, OTHER_NODE, firstOf(-1), 0n),
    ])
    .execute();
  // The hourly accrual has run for every month over since the first stake, up to the last one.
  await t.db
    .insertInto("app.incentive_accrual_month")
    .values(Array.from({ length: 20 }, (_, i) => ({ month: firstOf(-20 + i), positions: 3, inserted: 3 })))
    .execute();
  // Today the portal node was inactive: the running month loses that day.
  await t.db
    .insertInto("app.node_inactive_date")
    .values({ node_id: nodeId, day: dayOf(now) })
    .execute();

  await stakeEvent(whale.wallet, WHALE_NODE, "stake", HUGE_STAKE, HUGE_STAKE, ago(500));
  await position(whale.wallet, WHALE_NODE, "Unlock", HUGE_STAKE, ago(500), ago(2));
  await payment(whale.wallet, WHALE_NODE, firstOf(-1), HUGE_STAKE / 10n, ago(10));
});
afterAll(() => t?.close());

describe("an operator's earnings", () => {
  it("per node: stake, what was paid and when, what is accrued and when it is paid, and the yield of the chain's payments against stake time", async () => {
    const { status, body } = await earnings(owner.token);
    expect(status).toBe(200);
    const portal = body.nodes.find((n) => n.nodeAddress === node)!;
    expect(portal).toMatchObject({ name: "Node 1", status: "Stake", stake: (1000n * E18).toString() });
    expect(portal.payments.map((p) => [p.month, p.amount])).toEqual([
      [firstOf(-3).slice(0, 7), (200n * E18).toString()],
      [firstOf(-4).slice(0, 7), (100n * E18).toString()],
      [firstOf(-14).slice(0, 7), (999n * E18).toString()],
    ]);
    expect(portal.payments[0]!.paidAt).toBe(ago(20).toISOString());
    expect(portal.accrued).toEqual([
      {
        node,
        month: firstOf(-2).slice(0, 7),
        date: firstOf(-1),
        token: (25n * E18).toString(),
        paymentDue: plusDays(firstOf(-1), 30),
      },
      {
        node,
        month: firstOf(-1).slice(0, 7),
        date: firstOf(0),
        token: (24n * E18).toString(),
        paymentDue: plusDays(firstOf(0), 30),
      },
    ]);
    expect(portal.accruedTotal).toBe((49n * E18).toString());
    expect(portal.nextPayment).toBe(plusDays(firstOf(-1), 30));
    expect(portal.paidLastYear).toBe((300n * E18).toString());
    expect(portal.stakeDays).toBe((1000n * E18 * 365n).toString());
    // 300 PLI paid on 1,000 PLI held all year: 30 %, whatever the settings' percentage says.
    expect(portal.realisedYield).toBe("30.00");
    const other = body.nodes.find((n) => n.nodeAddress === OTHER_NODE)!;
    expect(other).toMatchObject({ name: null, paidLastYear: (10n * E18).toString() });
    expect(other.accrued, "a month of 0 is never paid, so it awaits nothing").toEqual([]);
    // The total lists each node's payments of one month apart, each naming its node.
    expect(
      body.total.payments
        .filter((p) => p.month === firstOf(-3).slice(0, 7))
        .map((p) => p.node)
        .sort(),
    ).toEqual([node, OTHER_NODE].sort());
    expect(other.nextPayment).toBe(plusDays(firstOf(1), 30));
    // 10 PLI on 100 PLI for 100 days: 36.50 % a year (less by the milliseconds between the test's clock and the API's).
    expect(Number(other.realisedYield)).toBeCloseTo(36.5, 1);
  });

  it("per month for 12 months, the running one last: earned by the accrual, paid by the chain, by the month earned for", async () => {
    const { body } = await earnings(owner.token);
    const portal = body.nodes.find((n) => n.nodeAddress === node)!;
    expect(portal.months).toHaveLength(12);
    expect(portal.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => firstOf(i - 11).slice(0, 7)),
    );
    expect(portal.months.slice(-5, -1)).toEqual([
      {
        month: firstOf(-4).slice(0, 7),
        earned: (100n * E18).toString(),
        paid: (100n * E18).toString(),
        running: false,
        expected: "0",
      },
      {
        month: firstOf(-3).slice(0, 7),
        earned: (200n * E18).toString(),
        paid: (200n * E18).toString(),
        running: false,
        expected: "0",
      },
      { month: firstOf(-2).slice(0, 7), earned: (25n * E18).toString(), paid: "0", running: false, expected: "0" },
      { month: firstOf(-1).slice(0, 7), earned: (24n * E18).toString(), paid: "0", running: false, expected: "0" },
    ]);
    expect(portal.months.at(-1)).toMatchObject({ month: firstOf(0).slice(0, 7), running: true, paid: "0" });
    expect(body.total.months.at(-4)).toMatchObject({ earned: (210n * E18).toString(), paid: (210n * E18).toString() });
  });

  it("the running month takes off the inactive days so far, at the settings' rate, and says when it is paid", async () => {
    const { body } = await earnings(owner.token);
    const portal = body.nodes.find((n) => n.nodeAddress === node)!;
    const days = daysOfMonth(0);
    const full = monthAt(1000n * E18, days, days);
    const expected = monthAt(1000n * E18, days - 1n, days);
    expect(portal.running).toEqual({
      month: firstOf(0).slice(0, 7),
      expected: expected.toString(),
      deducted: (full - expected).toString(),
      inactiveDays: 1,
      daysSoFar: now.getUTCDate(),
      daysInMonth: Number(days),
      paymentDue: plusDays(firstOf(1), 30),
    });
    expect(portal.months.at(-1)).toMatchObject({ earned: expected.toString(), expected: expected.toString() });
    const other = body.nodes.find((n) => n.nodeAddress === OTHER_NODE)!;
    expect(other.running).toMatchObject({ deducted: "0", inactiveDays: 0 });
  });

  it("in total: the nodes summed, the yield of all payments against all stake time", async () => {
    const { body } = await earnings(owner.token);
    expect(body.total).toMatchObject({
      stake: (1100n * E18).toString(),
      accruedTotal: (49n * E18).toString(),
      paidLastYear: (310n * E18).toString(),
      nextPayment: plusDays(firstOf(-1), 30),
    });
    // 310 PLI against 1,000 PLI a year and 100 PLI for 100 days: 30.17 %.
    expect(Number(body.total.realisedYield)).toBeCloseTo((310 * 365 * 100) / (1000 * 365 + 100 * 100), 1);
    expect(body.total.payments).toHaveLength(4);
  });

  it("in total, the running month's inactive days are every node's added up, as its deduction is", async () => {
    const two = await newOperator(t);
    for (const n of [2, 3]) {
      const registered = await registerNode(t, two.token, n);
      const address = registered.node.toLowerCase();
      await stakeEvent(two.wallet, address, "stake", 100n * E18, 100n * E18, ago(100));
      await position(two.wallet, address, "Stake", 100n * E18, ago(100));
      await t.db
        .insertInto("app.node_inactive_date")
        .values({ node_id: registered.id, day: dayOf(now) })
        .execute();
    }
    const { body } = await earnings(two.token);
    expect(body.nodes.map((n) => n.running.inactiveDays)).toEqual([1, 1]);
    expect(body.total.running.inactiveDays).toBe(2);
    expect(BigInt(body.total.running.deducted)).toBe(
      body.nodes.reduce((sum, n) => sum + BigInt(n.running.deducted), 0n),
    );
  });

  it("of one node, given 0x… or xdc…; 78-digit amounts kept exact", async () => {
    const one = await earnings(owner.token, `?node=xdc${node.slice(2).toUpperCase()}`);
    expect(one.status).toBe(200);
    expect(one.body.nodes.map((n) => n.nodeAddress)).toEqual([node]);
    expect(one.body.total.stake).toBe((1000n * E18).toString());
    const huge = await earnings(whale.token);
    expect(huge.body.total.stake).toBe(HUGE_STAKE.toString());
    expect(huge.body.total.stake).toHaveLength(78);
    expect(huge.body.total.realisedYield).toBe("10.00");
    expect(huge.body.nodes[0]).toMatchObject({ status: "Unlock", unlockedAt: ago(2).toISOString() });
    expect(one.body.nodes[0]!.unlockedAt).toBeNull();
  });

  it("an empty account: zeros, no yield, and no next payment", async () => {
    const { status, body } = await earnings(stranger.token);
    expect(status).toBe(200);
    expect(body.nodes).toEqual([]);
    expect(body.total).toMatchObject({ stake: "0", accruedTotal: "0", paidLastYear: "0", realisedYield: null });
    expect(body.total.nextPayment).toBeNull();
    expect(body.total.months.every((m) => m.earned === "0" && m.paid === "0")).toBe(true);
  });
});

describe("a month just over, before the hourly accrual reaches it", () => {
  /** The accrual's view of the indexer's progress: indexed up to now, past the end of last month. */
  async function indexedUpToNow() {
    const checkpoint = `${Math.floor(now.getTime() / 1000)}${"0".repeat(65)}`;
    await sql`CREATE TABLE IF NOT EXISTS test_indexer._ponder_checkpoint (chain_name text, chain_id int8, safe_checkpoint varchar, latest_checkpoint varchar, finalized_checkpoint varchar)`.execute(
      t.indexerDb,
    );
    await sql`INSERT INTO test_indexer._ponder_checkpoint VALUES ('anvil', 31337, ${checkpoint}, ${checkpoint}, ${checkpoint})`.execute(
      t.indexerDb,
    );
    await sql`CREATE OR REPLACE VIEW chain._ponder_checkpoint AS SELECT * FROM test_indexer._ponder_checkpoint`.execute(
      t.indexerDb,
    );
  }

  it("shows what the accrual then writes, its inactive days off (marked or not yet), and counts its payment date", async () => {
    const fresh = await newOperator(t);
    const registered = await registerNode(t, fresh.token, 4);
    const address = registered.node.toLowerCase();
    const lastMonth = firstOf(-1);
    const lastDay = plusDays(firstOf(0), -1);
    await stakeEvent(fresh.wallet, address, "stake", 300n * E18, 300n * E18, ago(70));
    await position(fresh.wallet, address, "Stake", 300n * E18, ago(70));
    // Marked inactive on the 2nd of last month; its last day unanswered but not marked yet (the monitor's next round,
    // or the accrual, marks it); the 10th answered; the last day of the month before is not this month's.
    await t.db
      .insertInto("app.node_inactive_date")
      .values([
        { node_id: registered.id, day: plusDays(lastMonth, 1) },
        { node_id: registered.id, day: plusDays(lastMonth, -1) },
      ])
      .execute();
    await t.db
      .insertInto("app.node_probe_day")
      .values([
        { node_id: registered.id, day: lastDay, probes: 96, successes: 10 },
        { node_id: registered.id, day: plusDays(lastMonth, 9), probes: 96, successes: 96 },
      ])
      .execute();
    const days = daysOfMonth(-1);
    const expected = monthAt(300n * E18, days - 2n, days);
    // The accrual has not reached last month, nor (long before this operator staked) six months ago.
    await t.db
      .deleteFrom("app.incentive_accrual_month")
      .where("month", "in", [lastMonth, firstOf(-6)])
      .execute();

    const before = await earnings(fresh.token);
    const [node] = before.body.nodes;
    expect(node!.months.at(-2)).toEqual({
      month: lastMonth.slice(0, 7),
      earned: expected.toString(),
      expected: expected.toString(),
      paid: "0",
      running: false,
    });
    expect(node!.months.at(-7), "a month without a staked day gets no row: nothing is expected").toMatchObject({
      earned: "0",
      expected: "0",
    });
    expect(node!.accrued, "nothing is accrued before the accrual writes it").toEqual([]);
    expect(node!.nextPayment).toBe(plusDays(firstOf(0), 30));
    expect(before.body.total.months.at(-2)).toMatchObject({
      earned: expected.toString(),
      expected: expected.toString(),
    });
    expect(before.body.total.nextPayment).toBe(plusDays(firstOf(0), 30));

    // The API's own accrual writes last month (six months ago is done, for the other operators' positions): the same
    // figure, now accrued and awaiting payment.
    await t.db
      .insertInto("app.incentive_accrual_month")
      .values({ month: firstOf(-6), positions: 3, inserted: 3 })
      .execute();
    await indexedUpToNow();
    const accrual = await accrueIncentives({ db: t.appDb }, now);
    expect(accrual.waiting).toBeNull();
    expect(accrual.accrued.map((month) => month.month)).toEqual([lastMonth.slice(0, 7)]);
    const [after] = (await earnings(fresh.token)).body.nodes;
    expect(after!.months.at(-2)).toMatchObject({ earned: expected.toString(), expected: "0" });
    expect(after!.accrued.map((row) => [row.date, row.token])).toEqual([[firstOf(0), expected.toString()]]);
  });

  it("a month the chain paid before the accrual wrote it awaits no payment", async () => {
    const early = await newOperator(t);
    const registered = await registerNode(t, early.token, 5);
    const address = registered.node.toLowerCase();
    await stakeEvent(early.wallet, address, "stake", 300n * E18, 300n * E18, ago(70));
    await position(early.wallet, address, "Stake", 300n * E18, ago(70));
    await payment(early.wallet, address, firstOf(0), 7n * E18, ago(0));
    await t.db.deleteFrom("app.incentive_accrual_month").where("month", "=", firstOf(-1)).execute();
    const [node] = (await earnings(early.token)).body.nodes;
    expect(BigInt(node!.months.at(-2)!.expected)).toBeGreaterThan(0n);
    expect(node!.months.at(-2)!.paid).toBe((7n * E18).toString());
    expect(node!.nextPayment, "the running month's, not the paid month's").toBe(plusDays(firstOf(1), 30));
  });
});

describe("whose earnings, and what the query refuses", () => {
  it("another operator's node answers 404 and shows nothing of it", async () => {
    const { status, body } = await earnings(stranger.token, `?node=${node}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: MESSAGES.nodeNotYours });
    expect(JSON.stringify(body)).not.toContain("1000000000000000000000");
  });

  it("a node that is no address answers 400 with the field's error", async () => {
    const { status, body } = await earnings(owner.token, "?node=0x1234");
    expect(status).toBe(400);
    expect(Object.keys(body.errors ?? {})).toEqual(["node"]);
  });

  it("operators only: an admin gets 403, nobody signed in 401", async () => {
    expect((await earnings(admin)).status).toBe(403);
    expect((await t.call("GET", API.earnings.root)).status).toBe(401);
  });
});
