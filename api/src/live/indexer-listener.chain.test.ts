import pg from "pg";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { startIndexer, type Indexer } from "../../../scripts/lib/indexer.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { pli, startChain } from "../../../test/chain.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, type Db } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { INCENTIVE_STATUS, NODE_STATUS } from "../public-contract/domain.ts";
import { getIndexedBlock } from "../chain/views.ts";
import { TEST_ADDRESSES } from "../../test/app-fixture.ts";
import { loadConfig } from "../config.ts";
import { createDeps } from "../deps.ts";
import { HANDLER } from "../handlers.ts";
import { LiveHub } from "./hub.ts";
import { listenToIndexer } from "./indexer-listener.ts";
import type { LiveEvent } from "./schema.ts";
import { captureLogs } from "../../test/logs.ts";

let chain: Awaited<ReturnType<typeof startChain>>;
let indexer: Indexer;
let db: Db;
let databaseUrl: string;
let listener: ReturnType<typeof listenToIndexer>;
const hub = new LiveHub();
const events: { event: LiveEvent; at: number }[] = [];
/** What the operator's own stream hears, and what another operator's stream hears. */
const ownEvents: LiveEvent[] = [];
const othersEvents: LiveEvent[] = [];
const logs = captureLogs();
/** Each range's topics and the handlers' due checks its scan read, in the order the ranges were scanned. */
const checked: { topics: readonly string[]; due: Map<string, boolean> }[] = [];
const wallet = privateKeyToAccount(DEV_KEYS.validator).address;
const node = "0x00000000000000000000000000000000000b0001" as const;
let nodeId: string;

beforeAll(async () => {
  chain = await startChain();
  databaseUrl = await createTestDatabase("live");
  db = createDb(databaseUrl, 2);
  await migrateToLatest(db);
  indexer = await startIndexer({
    databaseUrl,
    rpcUrl: chain.anvil.rpcUrl,
    wsUrl: chain.anvil.wsUrl,
    deployment: chain.deployment,
  });
  hub.subscribe({ userType: "admin" }, (event) => events.push({ event, at: performance.now() }));
  hub.subscribe({ userType: "user", wallet }, (event) => ownEvents.push(event));
  hub.subscribe({ userType: "user", wallet: privateKeyToAccount(DEV_KEYS.owner).address }, (event) =>
    othersEvents.push(event),
  );
  const operator = await db
    .insertInto("app.operator")
    .values({ wallet_address: wallet.toLowerCase(), email: null, user_role: "Validator" })
    .returning("id")
    .executeTakeFirstOrThrow();
  nodeId = (
    await db
      .insertInto("app.node")
      .values({
        operator_id: operator.id,
        wallet_address: wallet.toLowerCase(),
        name: "Live",
        provider: "AWS",
        ipaddress: "198.51.100.77",
        os: "Ubuntu",
        ram: 32,
        storage: 500,
        security: "1",
        oracle_address: node,
        node_address: node,
        status: NODE_STATUS.approved,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const config = loadConfig({
    APP_ENV: "test",
    DATABASE_URL: databaseUrl,
    RPC_URL: chain.anvil.rpcUrl,
    CHAIN_ID: "31337",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    WEBHOOK_SECRET_KEY: "7e57".repeat(16),
    PUBLIC_URL: "http://portal.test:5173",
    ...TEST_ADDRESSES,
  });
  const { handlers } = createDeps(config, { db, log: logs.log, onWake: () => undefined });
  listener = listenToIndexer({
    databaseUrl,
    db,
    hub,
    log: logs.log,
    beforePublish: (topics, due) => {
      checked.push({ topics, due: new Map(due) });
      return handlers.trigger("indexed", topics, due);
    },
    dueChecks: () => handlers.dueChecks(),
    onAnnounced: (topics) => void handlers.trigger("announced", topics),
  });
  await listener.ready;
  await chain.fund("validator", pli(1_000_000));
});
afterAll(async () => {
  await listener?.stop();
  await indexer?.stop();
  await db?.destroy();
  await chain?.anvil.stop();
});

const eventFor = (topic: LiveEvent["topics"][number]) =>
  events.find(({ event }) => event.topics.includes(topic) && event.wallets.includes(wallet.toLowerCase()));

describe("live events from the indexer's notifications", () => {
  it("publishes a whitelist and then a stake for the operator's wallet as soon as each is indexed, the node already Active", async () => {
    await chain.mined(chain.as("owner").staking.write.whiteListIt([wallet, node]));
    const whitelisted = await waitFor("the whitelist event", () => eventFor("whitelist"), {
      timeoutMs: 20_000,
      intervalMs: 10,
    });
    await chain.mined(
      chain.as("validator").token.write.approve([chain.deployment.contracts.stakingRewards, pli(50_000)]),
    );
    const mined = await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(50_000), node]));
    const minedAt = performance.now();
    const staked = await waitFor("the stake event", () => eventFor("stake"), { timeoutMs: 20_000, intervalMs: 10 });
    expect(staked.event.block).toBeGreaterThanOrEqual(Number(mined.blockNumber));
    expect(staked.event.block).toBeGreaterThan(whitelisted.event.block);
    expect(staked.at - minedAt).toBeLessThan(5_000);
    expect(
      (await db.selectFrom("app.node").select("status").where("id", "=", nodeId).executeTakeFirstOrThrow()).status,
    ).toBe(NODE_STATUS.active);
    expect(
      checked.findLast(({ topics }) => topics.includes("stake"))?.due.get(HANDLER.nodeReconcile),
      "the stake's range found the Approved node waiting",
    ).toBe(true);
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ msg: "live: indexer notified new blocks", toBlock: staked.event.block, level: 30 }),
    );
    expect(logs.errors()).toEqual([]);
  });

  it("tells the operator's own stream their new total with each stake change, and no one else's stream", async () => {
    const validator = chain.as("validator");
    await chain.mined(validator.token.write.approve([chain.deployment.contracts.stakingRewards, pli(2_000)]));
    const before = { own: ownEvents.length, admin: events.length, others: othersEvents.length };
    const mined = await chain.mined(validator.staking.write.topupStake([pli(2_000), node]));
    const own = await waitFor(
      "the operator's top-up event",
      () => ownEvents.slice(before.own).find((event) => event.block >= Number(mined.blockNumber)),
      { timeoutMs: 20_000, intervalMs: 10 },
    );
    expect(own.topics).toContain("stake");
    expect(own.tillStake).toBe(pli(52_000).toString());
    const admin = events.slice(before.admin).find(({ event }) => event.block === own.block);
    expect(admin?.event.tillStake, "an admin has no Total Staked of their own").toBeUndefined();
    expect(othersEvents.slice(before.others)).toEqual([]);
  });

  it("reads in a top-up's scan that neither the reconciler nor the Safe record updates has anything to do, so its event waits for neither", async () => {
    const validator = chain.as("validator");
    await chain.mined(validator.token.write.approve([chain.deployment.contracts.stakingRewards, pli(1_000)]));
    const seen = checked.length;
    const mined = await chain.mined(validator.staking.write.topupStake([pli(1_000), node]));
    await waitFor("the top-up's event", () => ownEvents.find((event) => event.block >= Number(mined.blockNumber)), {
      timeoutMs: 20_000,
      intervalMs: 10,
    });
    const range = checked.slice(seen).find(({ topics }) => topics.includes("stake"));
    expect(range?.due).toEqual(
      new Map([
        [HANDLER.nodeReconcile, false],
        [HANDLER.safeRecordUpdates, false],
      ]),
    );
  });

  it("publishes a top-up while another instance is matching payments, and a reward only once that is done", async () => {
    const validator = chain.as("validator");
    const owner = chain.as("owner");
    await chain.mined(validator.token.write.approve([chain.deployment.contracts.stakingRewards, pli(1_000)]));
    await chain.fund("owner", pli(10));
    await chain.mined(owner.token.write.approve([chain.deployment.contracts.stakingRewards, pli(10)]));
    const otherInstance = new pg.Client({ connectionString: databaseUrl });
    await otherInstance.connect();
    try {
      await otherInstance.query("SELECT pg_advisory_lock(hashtext('pli.incentive-payments'))");
      const seen = events.length;
      await chain.mined(validator.staking.write.topupStake([pli(1_000), node]));
      await waitFor(
        "the top-up's event",
        () => events.slice(seen).find(({ event }) => event.topics.includes("stake")),
        {
          timeoutMs: 5_000,
          intervalMs: 10,
        },
      );
      const deposited = await chain.mined(owner.staking.write.depositReward([pli(10)]));
      await waitFor(
        "the deposit indexed",
        async () => ((await getIndexedBlock(db)) ?? 0) >= Number(deposited.blockNumber),
        { timeoutMs: 20_000, intervalMs: 10 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const reward = () => events.slice(seen).find(({ event }) => event.topics.includes("reward"));
      expect(reward(), "no reward event before the payments are matched").toBeUndefined();
      await otherInstance.query("SELECT pg_advisory_unlock(hashtext('pli.incentive-payments'))");
      await waitFor("the deposit's event", reward, { timeoutMs: 5_000, intervalMs: 10 });
    } finally {
      await otherInstance.end();
    }
    expect(logs.errors()).toEqual([]);
  });

  it("publishes a reward deposit (the pool admins pay from) as a reward event", async () => {
    const owner = privateKeyToAccount(DEV_KEYS.owner).address.toLowerCase();
    const seen = events.length;
    await chain.fund("owner", pli(1_000));
    await chain.mined(chain.as("owner").token.write.approve([chain.deployment.contracts.stakingRewards, pli(1_000)]));
    const deposited = await chain.mined(chain.as("owner").staking.write.depositReward([pli(1_000)]));
    const event = await waitFor(
      "the deposit's event",
      () => events.slice(seen).find(({ event }) => event.topics.includes("reward")),
      { timeoutMs: 20_000, intervalMs: 10 },
    );
    expect(event.event.wallets).toEqual([owner]);
    expect(event.event.block).toBeGreaterThanOrEqual(Number(deposited.blockNumber));
  });

  it("takes a payment back from its incentive when a reorg takes its block off the chain, though no later block holds anything", async () => {
    const owner = chain.as("owner");
    await chain.fund("owner", pli(100));
    await chain.mined(owner.staking.write.depositReward([pli(100)]));
    const row = await db
      .insertInto("app.incentive")
      .values({
        wallet: wallet.toLowerCase(),
        node,
        date: "2001-01-01",
        token: pli(5).toString(),
        inactive_count: 0,
        staked_days: 31,
        accrued_days: 31,
        percentage: "2.5",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const status = async () =>
      (await db.selectFrom("app.incentive").select("status").where("id", "=", row.id).executeTakeFirstOrThrow()).status;
    await chain.mined(owner.staking.write.payRewards([[wallet], [pli(5)], [20010101n], [node]]));
    await waitFor("the payment to be matched", async () => (await status()) === INCENTIVE_STATUS.paid, {
      timeoutMs: 20_000,
      intervalMs: 20,
    });

    await chain.testClient.request({ method: "anvil_reorg", params: [1, []] } as never);
    await chain.testClient.mine({ blocks: 1 });
    const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
    await waitFor("the indexer at the head", async () => ((await getIndexedBlock(db)) ?? 0) >= head, {
      timeoutMs: 20_000,
      intervalMs: 20,
    });
    expect(await chain.as("owner").staking.read.isRewardPaid([wallet, node, 20010101n])).toBe(false);
    await waitFor("the incentive unpaid again", async () => (await status()) === INCENTIVE_STATUS.unPaid, {
      timeoutMs: 5_000,
      intervalMs: 20,
    });
  });

  it("announces a node reviewed and a request created and deleted to the operator's wallet as each commits, never before", async () => {
    const operatorId = (
      await db.selectFrom("app.node").select("operator_id").where("id", "=", nodeId).executeTakeFirstOrThrow()
    ).operator_id;
    const announced = (topic: LiveEvent["topics"][number], after: number) =>
      waitFor(
        `the ${topic} announcement`,
        () =>
          events
            .slice(after)
            .find(({ event }) => event.topics.includes(topic) && event.wallets.includes(wallet.toLowerCase())),
        { timeoutMs: 5_000, intervalMs: 5 },
      );

    let seen = events.length;
    await db.updateTable("app.node").set({ status: NODE_STATUS.return }).where("id", "=", nodeId).execute();
    const reviewed = await announced("node", seen);
    expect(reviewed.event.block).toBe(hub.latestBlock());

    seen = events.length;
    const request = await db
      .insertInto("app.stake_request")
      .values({ operator_id: operatorId, node_id: nodeId })
      .returning("id")
      .executeTakeFirstOrThrow();
    await announced("request", seen);
    seen = events.length;
    await db.deleteFrom("app.stake_request").where("id", "=", request.id).execute();
    await announced("request", seen);

    seen = events.length;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("app.node").set({ status: NODE_STATUS.pending }).where("id", "=", nodeId).execute();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events.length, "nothing is announced before the commit").toBe(seen);
    });
    await announced("node", seen);

    seen = events.length;
    await db.updateTable("app.node").set({ name: "Renamed" }).where("id", "=", nodeId).execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.length, "a change that keeps the status is not announced").toBe(seen);
    expect(logs.errors()).toEqual([]);
  });

  it("makes a staked node Active within a second of an admin approving it, woken by the database's announcement", async () => {
    const status = async () =>
      (await db.selectFrom("app.node").select("status").where("id", "=", nodeId).executeTakeFirstOrThrow()).status;
    await db.updateTable("app.node").set({ status: NODE_STATUS.pending }).where("id", "=", nodeId).execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status()).toBe(NODE_STATUS.pending);
    await db.updateTable("app.node").set({ status: NODE_STATUS.approved }).where("id", "=", nodeId).execute();
    const approvedAt = performance.now();
    await waitFor("the node to be Active", async () => (await status()) === NODE_STATUS.active || undefined, {
      timeoutMs: 5_000,
      intervalMs: 10,
    });
    expect(performance.now() - approvedAt).toBeLessThan(1_000);
  });
});
