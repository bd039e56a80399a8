/**
 * How long the indexer takes to backfill stake and reward events spread over many blocks through an XDC node's
 * 5,000-block `eth_getLogs` windows: anvil as chain 51 behind the XDC stand-in (scripts/lib/xdc-rpc.ts, every quirk
 * on), `EVENTS` events (half operator top-ups, half reward deposits; default 100,000) in blocks of `PER_BLOCK` (default
 * 100) spread evenly over `BLOCKS` blocks (default 2,000,000; the gaps are mined empty with `anvil_mine`, 2 s apart),
 * then a fresh indexer started on it and timed until the head is indexed. Prints the seeding and the backfill times,
 * and fails unless the indexer holds exactly the events sent.
 *
 * Anvil runs as Cancun with `--prune-history`. From Prague on, every block writes its parent's hash into the EIP-2935
 * history contract, and anvil recomputes the state root over all storage at each block, so an empty block cost grows
 * with the chain up to 8,191 blocks (7 CPU-ms each after 5,000 here: hours for 2,000,000); a kept state per block copies
 * the chain's block hashes every block. Neither touches what the indexer reads: the events, their blocks and receipts.
 * The events are sent as one JSON-RPC batch of `eth_sendTransaction` per event block (anvil signs for its
 * development accounts), mined with the empty blocks after it in one `anvil_mine`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { encodeFunctionData, toHex, type Hex } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { deployContracts } from "../contracts/scripts/deploy.ts";
import { startAnvil } from "../scripts/lib/anvil.ts";
import { DEV_KEYS, devAccount } from "../scripts/lib/dev-accounts.ts";
import { startIndexer, VIEWS_SCHEMA } from "../scripts/lib/indexer.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { nodeFees } from "../scripts/lib/verify-chain/chain.ts";
import { startXdcRpc, XDC_BLOCK_SECONDS, XDC_LOG_RANGE, xdcAnvilOptions } from "../scripts/lib/xdc-rpc.ts";
import { chainClients, pli } from "../test/chain.ts";

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const BLOCKS = Number(process.env.BLOCKS ?? 2_000_000);
const PER_BLOCK = Number(process.env.PER_BLOCK ?? 100);

type RpcCall = { method: string; params?: unknown[] };
type RpcAnswer = { id: number; result?: unknown; error?: { message: string } };

/** One JSON-RPC request carrying `calls`; the results in their order, or the first error. */
async function rpcBatch(url: string, calls: RpcCall[]): Promise<unknown[]> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: "2.0", id, params: [], ...call }))),
  });
  const answers = ((await response.json()) as RpcAnswer[]).sort((a, b) => a.id - b.id);
  const failed = answers.find((answer) => answer.error);
  if (failed) throw new Error(`${calls[failed.id]!.method}: ${failed.error!.message}`);
  return answers.map((answer) => answer.result);
}

const rpc = async (url: string, method: string, params: unknown[] = []) =>
  (await rpcBatch(url, [{ method, params }]))[0];

/** The top-ups and reward deposits the indexer wrote, as the portal reads them (the `chain` views). */
async function countIndexed(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ topups: string; deposits: string }>(
      `SELECT (SELECT count(*) FROM ${VIEWS_SCHEMA}.stake_event WHERE kind = 'topup') AS topups,
              (SELECT count(*) FROM ${VIEWS_SCHEMA}.reward_deposit) AS deposits`,
    );
    return { topups: Number(rows[0]!.topups), deposits: Number(rows[0]!.deposits) };
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-xdc-"));
const postgres = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const anvil = await startAnvil({
  ...xdcAnvilOptions("legacy"),
  hardfork: "cancun",
  pruneHistory: true,
  genesisTime: Math.floor(Date.now() / 1000) - BLOCKS * XDC_BLOCK_SECONDS,
});
const xdc = await startXdcRpc({ upstream: anvil.rpcUrl });
try {
  const deployment = await deployContracts({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner });
  const chain = chainClients(anvil.rpcUrl, deployment);
  const owner = chain.as("owner");
  const operator = chain.as("validator");
  const node = devAccount("standby").address;
  const { stakingRewards } = deployment.contracts;
  const plenty = pli(1_000_000_000);
  await chain.mined(owner.token.write.mint([operator.address, plenty]));
  await chain.mined(owner.token.write.mint([owner.address, plenty]));
  await chain.mined(operator.token.write.approve([stakingRewards, plenty]));
  await chain.mined(owner.token.write.approve([stakingRewards, plenty]));
  await chain.mined(owner.staking.write.whiteListIt([operator.address, node]));
  const min = await owner.staking.read.minStakeAmt();
  await chain.mined(operator.staking.write.stakeTokens([min, node]));

  const fees = await nodeFees(chain.publicClient as never);
  const feeFields = Object.fromEntries(Object.entries(fees).map(([key, value]) => [key, toHex(value)]));
  const calls = [
    {
      from: operator.address,
      data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "topupStake", args: [1n, node] }),
    },
    {
      from: owner.address,
      data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "depositReward", args: [1n] }),
    },
  ].map((call) => ({ ...call, to: stakingRewards }));
  const gas = await Promise.all(
    calls.map(async (call) =>
      toHex(2n * (await chain.publicClient.estimateGas({ account: call.from, to: call.to, data: call.data }))),
    ),
  );
  const nonces = await Promise.all(calls.map((call) => chain.publicClient.getTransactionCount({ address: call.from })));

  const eventBlocks = Math.ceil(EVENTS / PER_BLOCK);
  const gap = Math.max(0, Math.floor(BLOCKS / eventBlocks) - 1);
  console.log(`seeding ${EVENTS} events in ${eventBlocks} blocks of ${PER_BLOCK}, ${gap} empty blocks between`);
  const seedStarted = performance.now();
  await rpc(anvil.rpcUrl, "evm_setAutomine", [false]);
  let sent = 0;
  let sendingMs = 0;
  for (let block = 0; block < eventBlocks; block++) {
    const batch: RpcCall[] = [];
    for (let i = 0; i < PER_BLOCK && sent < EVENTS; i++, sent++) {
      const kind = sent % 2;
      const tx = { ...calls[kind]!, ...feeFields, gas: gas[kind], nonce: toHex(nonces[kind]!++) };
      batch.push({ method: "eth_sendTransaction", params: [tx] });
    }
    const sending = performance.now();
    await rpcBatch(anvil.rpcUrl, batch);
    sendingMs += performance.now() - sending;
    await rpc(anvil.rpcUrl, "anvil_mine", [toHex(gap + 1), toHex(XDC_BLOCK_SECONDS)]);
    if ((block + 1) % Math.max(1, Math.round(eventBlocks / 10)) === 0)
      console.log(
        `  ${sent} events, head ${await chain.publicClient.getBlockNumber({ cacheTime: 0 })}, ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      );
  }
  const pending = (await rpc(anvil.rpcUrl, "txpool_status")) as { pending: Hex; queued: Hex };
  if (Number(pending.pending) + Number(pending.queued) > 0)
    throw new Error(`seeding left transactions unmined: ${JSON.stringify(pending)}`);
  await rpc(anvil.rpcUrl, "evm_setAutomine", [true]);
  const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `seeded in ${seedSeconds.toFixed(1)} s (sending the transactions ${(sendingMs / 1000).toFixed(1)} s, mining ${(seedSeconds - sendingMs / 1000).toFixed(1)} s); head ${head}`,
  );

  const databaseUrl = await postgres.createDatabase("bench_xdc_backfill");
  const started = performance.now();
  const indexer = await startIndexer({
    databaseUrl,
    rpcUrl: xdc.url,
    controlRpcUrl: anvil.rpcUrl,
    deployment,
    logFile: path.join(dir, "indexer.log"),
    readyTimeoutMs: 6 * 60 * 60_000,
  });
  const seconds = (performance.now() - started) / 1000;
  await indexer.stop();
  const indexed = await countIndexed(databaseUrl);
  const windows = Math.ceil(Number(head - BigInt(deployment.startBlock)) / XDC_LOG_RANGE);
  console.log(
    `\nxdc-backfill: ${EVENTS} stake and reward events over ${head} blocks (${windows} windows of ${XDC_LOG_RANGE}) backfilled through the XDC node in ${seconds.toFixed(1)} s (${(EVENTS / seconds).toFixed(0)} events/s); node calls ${xdc.stats.calls}, addresses rewritten ${xdc.xdcStats.addressesRewritten}; indexed ${indexed.topups} top-ups and ${indexed.deposits} reward deposits`,
  );
  if (indexed.topups + indexed.deposits !== EVENTS) {
    console.error(`xdc-backfill: FAILED, ${EVENTS} events sent but ${indexed.topups + indexed.deposits} indexed`);
    process.exitCode = 1;
  }
} finally {
  await xdc.stop();
  await anvil.stop();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
