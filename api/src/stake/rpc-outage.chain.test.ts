import type { Address, Hex } from "viem";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { NO_FAULTS, startFaultyRpc, type FaultyRpc } from "../../../scripts/lib/faulty-rpc.ts";
import { startChain } from "../../../test/chain.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { CHAIN_RPC_LIMITS } from "../chain/client.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { STAKE_HINT_MESSAGES } from "./rules.ts";

/**
 * A stake hint for a transaction the indexer has not seen reads the chain's receipt (no indexer runs here, so every
 * hint takes that path) through the fault-injecting proxy: while the RPC refuses or crawls the route answers 503 in
 * bounded time, never "unknown transaction"; when it comes back the same app answers as before.
 */
let chain: Awaited<ReturnType<typeof startChain>>;
let rpc: FaultyRpc;
let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperator>>;
let nodeId: string;
let minedTx: Hex;

/** The longest a chain read may take: every try timing out, plus viem's waits between them. */
const BOUND_MS =
  (CHAIN_RPC_LIMITS.retryCount + 1) * CHAIN_RPC_LIMITS.timeout +
  CHAIN_RPC_LIMITS.retryDelay * (2 ** CHAIN_RPC_LIMITS.retryCount - 1) +
  1_000;

async function hint() {
  const started = performance.now();
  const answer = await t.call("POST", API.stake.root, { token: operator.token, body: { nodeId, tnxHash: minedTx } });
  return { ...answer, ms: performance.now() - started };
}

function expectChainOutage(answer: Awaited<ReturnType<typeof hint>>) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ error: MESSAGES.chainUnavailable, id: answer.headers.get("x-request-id") });
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(answer.ms).toBeLessThan(BOUND_MS);
}

beforeAll(async () => {
  chain = await startChain();
  let state = 7;
  rpc = await startFaultyRpc({
    upstream: chain.anvil.rpcUrl,
    random: () => (state = (state * 48271) % 2147483647) / 2147483647,
  });
  const { pliToken, stakingRewards, pluginFarm } = chain.deployment.contracts;
  t = await createTestApp({
    rpcUrl: rpc.url,
    env: { PLI_TOKEN_ADDRESS: pliToken, STAKING_ADDRESS: stakingRewards, FARM_ADDRESS: pluginFarm },
  });
  operator = await newOperator(t, DEV_KEYS.validator);
  const body = nodeBody(1);
  const created = await t.call("POST", API.node.root, { token: operator.token, body });
  expect(created.status).toBe(201);
  nodeId = created.body.data._id;
  minedTx = (
    await chain.mined(chain.as("owner").staking.write.whiteListIt([operator.address, body.nodeAddress as Address]))
  ).transactionHash;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rpc?.stop();
  await chain?.anvil.stop();
});

it("answers from the chain's receipt while the RPC is healthy: mined, not indexed yet", async () => {
  const answer = await hint();
  expect(answer.status).toBe(409);
  expect(answer.body).toEqual({ error: STAKE_HINT_MESSAGES.hintPending });
});

it("answers 503 at once while the RPC refuses connections, and answers again as soon as it accepts them", async () => {
  await rpc.set({ refuse: true });
  expectChainOutage(await hint());
  await rpc.set({ refuse: false });
  expect((await hint()).body).toEqual({ error: STAKE_HINT_MESSAGES.hintPending });
});

it("answers 503 within its bound while the RPC crawls past the call timeout, never holding the request", async () => {
  await rpc.set({ latencyMs: CHAIN_RPC_LIMITS.timeout + 2_000 });
  const answer = await hint();
  await rpc.set(NO_FAULTS);
  expectChainOutage(answer);
  expect(answer.ms).toBeGreaterThanOrEqual(CHAIN_RPC_LIMITS.timeout);
  expect((await hint()).body).toEqual({ error: STAKE_HINT_MESSAGES.hintPending });
}, 30_000);

it("rides through an RPC that fails a tenth of the calls and adds 300 ms to each: every answer is the chain's", async () => {
  await rpc.set({ failRate: 0.1, latencyMs: 300 });
  const answers = [];
  for (let n = 0; n < 15; n++) answers.push((await hint()).status);
  await rpc.set(NO_FAULTS);
  expect(rpc.stats.failed).toBeGreaterThan(0);
  expect(answers).toEqual(Array(15).fill(409));
}, 30_000);
