import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { startIndexer, type Indexer } from "../../../scripts/lib/indexer.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { pli, startChain } from "../../../test/chain.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, type Db } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { LiveHub } from "./hub.ts";
import { listenToIndexer } from "./indexer-listener.ts";
import type { LiveEvent } from "./schema.ts";

let chain: Awaited<ReturnType<typeof startChain>>;
let indexer: Indexer;
let db: Db;
let listener: ReturnType<typeof listenToIndexer>;
const hub = new LiveHub();
const events: { event: LiveEvent; at: number }[] = [];
const logs: string[] = [];
const wallet = privateKeyToAccount(DEV_KEYS.validator).address;
const node = "0x00000000000000000000000000000000000b0001" as const;

beforeAll(async () => {
  chain = await startChain();
  const databaseUrl = await createTestDatabase("live");
  db = createDb(databaseUrl, 2);
  await migrateToLatest(db);
  indexer = await startIndexer({ databaseUrl, rpcUrl: chain.anvil.rpcUrl, wsUrl: chain.anvil.wsUrl, deployment: chain.deployment });
  hub.subscribe({ userType: "admin" }, (event) => events.push({ event, at: performance.now() }));
  listener = listenToIndexer({ databaseUrl, db, hub, log: (line) => logs.push(line) });
  await listener.ready;
  await chain.fund("validator", pli(1_000_000));
});
afterAll(async () => {
  await listener?.stop();
  await indexer?.stop();
  await db?.destroy();
  await chain?.anvil.stop();
});

const eventFor = (topic: LiveEvent["topics"][number]) => events.find(({ event }) => event.topics.includes(topic) && event.wallets.includes(wallet.toLowerCase()));

describe("live events from the indexer's notifications", () => {
  it("publishes a whitelist and then a stake for the operator's wallet as soon as each is indexed", async () => {
    await chain.mined(chain.as("owner").staking.write.whiteListIt([wallet, node]));
    const whitelisted = await waitFor("the whitelist event", () => eventFor("whitelist"), { timeoutMs: 20_000, intervalMs: 10 });
    await chain.mined(chain.as("validator").token.write.approve([chain.deployment.contracts.stakingRewards, pli(50_000)]));
    const mined = await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(50_000), node]));
    const minedAt = performance.now();
    const staked = await waitFor("the stake event", () => eventFor("stake"), { timeoutMs: 20_000, intervalMs: 10 });
    expect(staked.event.block).toBeGreaterThanOrEqual(Number(mined.blockNumber));
    expect(staked.event.block).toBeGreaterThan(whitelisted.event.block);
    expect(staked.at - minedAt).toBeLessThan(5_000);
    expect(logs).toEqual([]);
  });
});
