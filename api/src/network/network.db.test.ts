import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { silentLog } from "../../test/logs.ts";
import { addressOf, newOperator, renameNodeSilently } from "../../test/nodes.ts";
import { listenToIndexer } from "../live/index.ts";
import { recordChecks } from "../node-monitor/index.ts";
import { windowStart } from "../node/schema.ts";
import { API, NETWORK_LIMITS, NETWORK_MESSAGES, NODE_STATUS, type NetworkFigures } from "../public-contract/index.ts";

/**
 * The public network page's answer over operators with emails, node names and IP addresses written to the database, and
 * chain facts written to the indexer's tables behind the `chain.*` views.
 */
let t: TestAppWithSmtp;
let listener: ReturnType<typeof listenToIndexer>;
type Operator = Awaited<ReturnType<typeof newOperator>>;
let shown: Operator;
let hidden: Operator;
let quiet: Operator;
let shownNode: string;
const NAMES = { shown: "Shown Alpha Node", hidden: "Hidden Beta Node", quiet: "Quiet Gamma Node" };
const IPS = { shown: "203.0.113.71", hidden: "198.51.100.72", quiet: "192.0.2.73" };
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

const DAY_MS = 86_400_000;

/**
 * The time now, at least 15 s before the next UTC midnight (waiting past it when closer): the API counts whole UTC
 * days by its own clock, so a day that ended while a test ran would move the window under the test's records.
 */
async function awayFromUtcMidnight(marginMs = 15_000): Promise<Date> {
  const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (untilMidnight < marginMs) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
  return new Date();
}

const publicAnswer = async (token?: string) => {
  const response = await t.call("GET", API.network.root, token ? { token } : {});
  expect(response.status).toBe(200);
  return response.body as NetworkFigures;
};
const setListing = (token: string, body: unknown) => t.call("PUT", API.network.listing, { token, body });

async function addActiveNode(operator: Operator, n: number, name: string, ipaddress: string) {
  const { id: operatorId } = await t.db
    .selectFrom("app.operator")
    .select("id")
    .where("wallet_address", "=", operator.wallet)
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto("app.node")
    .values({
      operator_id: operatorId,
      wallet_address: operator.wallet,
      name,
      provider: "AWS",
      ipaddress,
      os: "Debian",
      ram: 32,
      storage: 500,
      security: "UFW",
      oracle_address: addressOf(n, "0a"),
      node_address: addressOf(n, "0b"),
      status: NODE_STATUS.active,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Daily reputation values (0..1) of the last days, and monitor checks of which `answered` of `checks` answered. */
async function addHealth(nodeId: string, value: number, answered: number, checks: number) {
  await t.db
    .insertInto("app.node_reputation")
    .values(
      [1, 2, 3].map((d) => ({ node_id: nodeId, day: daysAgo(d).toISOString().slice(0, 10), value, created_at: now })),
    )
    .execute();
  await recordChecks(
    t.db,
    Array.from({ length: checks }, (_, i) => ({
      nodeId,
      checkedAt: new Date(now.getTime() - (i + 1) * 900_000),
      answered: i < answered,
    })),
  );
}

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx));
  shown = await newOperator(t);
  hidden = await newOperator(t);
  quiet = await newOperator(t);
  shownNode = await addActiveNode(shown, 1, NAMES.shown, IPS.shown);
  await addHealth(shownNode, 0.5, 3, 4);
  await addHealth(await addActiveNode(hidden, 2, NAMES.hidden, IPS.hidden), 0.9, 4, 4);
  await addActiveNode(quiet, 3, NAMES.quiet, IPS.quiet);
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 2));
  const position = (wallet: string, n: number, status: string, amount: string) =>
    sql`INSERT INTO test_indexer.stake_position (wallet, node, status, total_staked, first_staked_at, last_staked_at, last_stake_tx, updated_block)
        VALUES (${wallet}, ${addressOf(n, "0b")}, ${status}, ${amount}, now(), now(), ${`0x${"1".repeat(63)}${n}`}, 1)`.execute(
      t.db,
    );
  await position(shown.wallet, 1, "Stake", "1000000000000000000000");
  await position(hidden.wallet, 2, "Unlock", "500000000000000000000");
  await position(quiet.wallet, 3, "Withdraw", "0");
  await position(addressOf(9, "a1"), 9, "Withdraw", "700");
  await sql`INSERT INTO test_indexer.reward_pool (contract_address, deposited, paid, balance, block_number, updated_at)
            VALUES (${addressOf(1, "cc")}, 900, 100, 800, 1, now())`.execute(t.db);
  const payment = (wallet: string, n: number, key: number, amount: string, at: Date) =>
    sql`INSERT INTO test_indexer.reward_payment (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
        VALUES (${wallet}, ${addressOf(n, "0b")}, ${key}, ${amount}, ${`0x${"2".repeat(62)}${key}`}, 1, ${at}, 0)`.execute(
      t.db,
    );
  await payment(shown.wallet, 1, 10, "300", month(-1));
  await payment(hidden.wallet, 2, 11, "200", month(-1));
  await payment(shown.wallet, 1, 12, "50", month(0));
  listener = listenToIndexer({ databaseUrl: t.config.DATABASE_URL, db: t.db, hub: t.live, log: silentLog() });
  await listener.ready;
});
afterAll(async () => {
  await listener?.stop();
  await t?.close();
});

describe("the public network page's answer", () => {
  it("gives anyone, without sign-in, the network's figures and no email, IP address, wallet or hidden name", async () => {
    expect((await setListing(shown.token, { showNodeNames: true })).status).toBe(200);
    const figures = await publicAnswer();
    const text = JSON.stringify(figures);
    for (const operator of [shown, hidden, quiet]) {
      expect(text).not.toContain(operator.email);
      expect(text.toLowerCase()).not.toContain(operator.wallet.toLowerCase());
    }
    for (const ip of Object.values(IPS)) expect(text).not.toContain(ip);
    expect(text).toContain(NAMES.shown);
    expect(text).not.toContain(NAMES.hidden);
    expect(text).not.toContain(NAMES.quiet);

    expect(figures.totalStaked).toBe("1500000000000000000000");
    expect(figures.rewardPool).toBe("800");
    expect(figures.activeNodes).toBe(3);
    expect(figures.payouts).toHaveLength(NETWORK_LIMITS.chartMonths);
    expect(figures.payouts.slice(-2).map((point) => point.amount)).toEqual(["500", "50"]);
    expect(figures.leaderboard).toEqual([
      { rank: 1, name: null, nodeAddress: addressOf(2, "0b"), reputation: 4.5, uptime: 1 },
      { rank: 2, name: NAMES.shown, nodeAddress: addressOf(1, "0b"), reputation: 2.5, uptime: 0.75 },
      { rank: 3, name: null, nodeAddress: addressOf(3, "0b"), reputation: null, uptime: null },
    ]);
  });

  it("is read once and given again to another reader, until a change is announced", async () => {
    expect((await setListing(shown.token, { showNodeNames: true })).status).toBe(200);
    let n = 0;
    await waitFor(
      "an answer given again to a second reader though the name changed unannounced",
      async () => {
        const first = await publicAnswer();
        await renameNodeSilently(t.db, shownNode, `Renamed silently ${++n}`);
        const second = await publicAnswer(hidden.token);
        return (
          JSON.stringify(second) === JSON.stringify(first) && first.leaderboard[1]?.name !== `Renamed silently ${n}`
        );
      },
      { timeoutMs: 10_000, intervalMs: 5 },
    );
    await t.db.updateTable("app.node").set({ name: "Renamed by a job" }).where("id", "=", shownNode).execute();
    await waitFor("the announcement to empty the cache", () => t.live.answers.size === 0, {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
    expect((await publicAnswer()).leaderboard[1]?.name).toBe("Renamed by a job");

    expect((await setListing(shown.token, { showNodeNames: false })).status).toBe(200);
    expect(JSON.stringify(await publicAnswer())).not.toContain("Renamed by a job");
  });
});

describe("the public network page's answer in browsers and shared caches", () => {
  it("may be kept by anyone and is revalidated by its ETag before each use, the same for every reader, with nothing personal", async () => {
    expect((await setListing(shown.token, { showNodeNames: false })).status).toBe(200);
    const anonymous = await t.call("GET", API.network.root);
    const signedIn = await t.call("GET", API.network.root, { token: shown.token });
    const control = anonymous.headers.get("cache-control") ?? "";
    expect(control).toBe("public, no-cache");
    const etag = anonymous.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(signedIn.headers.get("etag")).toBe(etag);
    expect(signedIn.headers.get("cache-control")).toBe(control);
    const text = JSON.stringify(anonymous.body);
    for (const operator of [shown, hidden, quiet]) {
      expect(text).not.toContain(operator.email);
      expect(text.toLowerCase()).not.toContain(operator.wallet.toLowerCase());
    }
    for (const ip of Object.values(IPS)) expect(text).not.toContain(ip);
    for (const name of Object.values(NAMES)) expect(text).not.toContain(name);

    const unchanged = await t.call("GET", API.network.root, { headers: { "if-none-match": etag! } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect(unchanged.headers.get("cache-control")).toBe(control);

    expect((await setListing(shown.token, { showNodeNames: true })).status).toBe(200);
    const changed = await t.call("GET", API.network.root, { headers: { "if-none-match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((changed.body as NetworkFigures).leaderboard.filter((node) => node.name !== null)).toHaveLength(1);
  });
});

describe("showing one's node names on the network page", () => {
  it("is off by default, and only the signed-in operator turns their own on or off", async () => {
    const other = await newOperator(t);
    const admin = await t.adminToken(await t.addAdmin());
    expect((await t.call("GET", API.network.listing, { token: other.token })).body).toEqual({ showNodeNames: false });
    expect((await setListing(other.token, { showNodeNames: true })).body).toEqual({
      message: NETWORK_MESSAGES.networkListingSaved,
      data: { showNodeNames: true },
    });
    expect((await t.call("GET", API.network.listing, { token: quiet.token })).body).toEqual({ showNodeNames: false });
    expect((await t.call("GET", API.network.listing)).status).toBe(401);
    expect((await setListing("", { showNodeNames: true })).status).toBe(401);
    expect((await setListing(admin, { showNodeNames: true })).status).toBe(403);
  });

  it("refuses anything but true or false with the field's message", async () => {
    for (const body of [{ showNodeNames: "yes" }, {}, { showNodeNames: true, operatorId: "someone-else" }]) {
      const response = await setListing(hidden.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors).toBeTruthy();
    }
    expect((await setListing(hidden.token, { showNodeNames: "yes" })).body.errors).toEqual({
      showNodeNames: NETWORK_MESSAGES.chooseShowNodeNames,
    });
  });
});

describe("the leaderboard's uptime", () => {
  it("is the share of the monitor's checks answered over the last 30 whole UTC days, today included", async () => {
    const at = await awayFromUtcMidnight();
    const operator = await newOperator(t);
    const nodeId = await addActiveNode(operator, 4, "Uptime Delta Node", "203.0.113.74");
    const firstDay = new Date(`${windowStart(at)}T00:00:00.000Z`);
    await recordChecks(t.db, [
      ...[1, 2, 3].map((i) => ({ nodeId, checkedAt: new Date(firstDay.getTime() - i), answered: false })),
      { nodeId, checkedAt: firstDay, answered: true },
      { nodeId, checkedAt: new Date(firstDay.getTime() + 3_600_000), answered: false },
      { nodeId, checkedAt: at, answered: true },
    ]);
    const row = await waitFor("the new node in the answer", async () =>
      (await publicAnswer()).leaderboard.find((node) => node.nodeAddress === addressOf(4, "0b")),
    );
    expect(row.uptime).toBe(0.6667);
    const unscored = (await publicAnswer()).leaderboard.filter((node) => node.reputation === null);
    expect(unscored.map((node) => [node.nodeAddress, node.uptime])).toEqual([
      [addressOf(4, "0b"), 0.6667],
      [addressOf(3, "0b"), null],
    ]);
  });
});
