/**
 * How long the indexer takes to backfill stake and reward events spread over many blocks through an XDC node's
 * 5,000-block `eth_getLogs` windows: anvil as chain 51 behind the XDC stand-in (scripts/lib/xdc-rpc.ts, every quirk
 * on), `EVENTS` events (half operator top-ups, half reward deposits; default 100,000) in blocks of `PER_BLOCK` (default
 * 100) spread evenly over `BLOCKS` blocks (default 2,000,000; the gaps are mined empty with `anvil_mine`), then a fresh
 * indexer started on it and timed until the head is indexed. Prints the seeding and the backfill times.
 * `EVENTS=2000 BLOCKS=20000 npm run bench:xdc-backfill` for a run that fits a busy machine: anvil mines empty blocks
 * at a few hundred a second at best, so the default size spends most of its time seeding.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { toHex, type Hex } from "viem";
import { deployContracts } from "../contracts/scripts/deploy.ts";
import { startAnvil } from "../scripts/lib/anvil.ts";
import { DEV_KEYS, devAccount } from "../scripts/lib/dev-accounts.ts";
import { startIndexer } from "../scripts/lib/indexer.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { nodeFees } from "../scripts/lib/verify-chain/chain.ts";
import { startXdcRpc, XDC_LOG_RANGE, xdcAnvilOptions } from "../scripts/lib/xdc-rpc.ts";
import { chainClients, pli } from "../test/chain.ts";

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const BLOCKS = Number(process.env.BLOCKS ?? 2_000_000);
const PER_BLOCK = Number(process.env.PER_BLOCK ?? 100);
const GAS = 300_000n;

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-xdc-"));
const postgres = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const anvil = await startAnvil({ ...xdcAnvilOptions("legacy"), statePath: undefined });
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
  const nonces = new Map<Hex, number>();
  for (const who of [owner, operator])
    nonces.set(who.address, await chain.publicClient.getTransactionCount({ address: who.address }));
  const next = (address: Hex) => {
    const nonce = nonces.get(address)!;
    nonces.set(address, nonce + 1);
    return nonce;
  };

  const eventBlocks = Math.ceil(EVENTS / PER_BLOCK);
  const gap = Math.max(0, Math.floor(BLOCKS / eventBlocks) - 1);
  console.log(`seeding ${EVENTS} events in ${eventBlocks} blocks of ${PER_BLOCK}, ${gap} empty blocks between`);
  const seedStarted = performance.now();
  await rpc(anvil.rpcUrl, "evm_setAutomine", [false]);
  let sent = 0;
  for (let block = 0; block < eventBlocks; block++) {
    const hashes: Promise<Hex>[] = [];
    for (let i = 0; i < PER_BLOCK && sent < EVENTS; i++, sent++) {
      const common = { gas: GAS, ...fees, chain: chain.chain };
      hashes.push(
        sent % 2 === 0
          ? operator.staking.write.topupStake([1n, node], { ...common, nonce: next(operator.address) })
          : owner.staking.write.depositReward([1n], { ...common, nonce: next(owner.address) }),
      );
    }
    await Promise.all(hashes);
    await rpc(anvil.rpcUrl, "evm_mine");
    if (gap > 0) await rpc(anvil.rpcUrl, "anvil_mine", [toHex(gap)]);
    if ((block + 1) % Math.max(1, Math.round(eventBlocks / 10)) === 0)
      console.log(`  ${sent} events, head ${await chain.publicClient.getBlockNumber({ cacheTime: 0 })}`);
  }
  await rpc(anvil.rpcUrl, "evm_setAutomine", [true]);
  const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`seeded in ${seedSeconds.toFixed(1)} s; head ${head}`);

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
  const windows = Math.ceil(Number(head - BigInt(deployment.startBlock)) / XDC_LOG_RANGE);
  console.log(
    `\nxdc-backfill: ${EVENTS} stake and reward events over ${head} blocks (${windows} windows of ${XDC_LOG_RANGE}) backfilled through the XDC node in ${seconds.toFixed(1)} s (${(EVENTS / seconds).toFixed(0)} events/s); node calls ${xdc.stats.calls}, addresses rewritten ${xdc.xdcStats.addressesRewritten}`,
  );
} finally {
  await xdc.stop();
  await anvil.stop();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
