/**
 * Time from a stake transaction being mined to the position being readable from `chain.*` through the
 * API's database layer, on a local anvil chain with the indexer on its websocket endpoint.
 * Prints p50, p95, p99 (and min, max, mean) over RUNS transactions. `npm run bench`.
 *
 * Transactions are GAP_MS apart (default 300 ms, several times the block rate of XDC's ~2 s blocks):
 * Ponder 0.17 starts each RPC endpoint at 20 requests per second, so a tighter loop measures its rate
 * limiter rather than how fast one mined block becomes readable.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pgClient from "pg";
import { createDb } from "@pli/api/db/database";
import { findStakePosition } from "@pli/api/chain/stakes";
import { deployContracts, seedDemoData } from "../contracts/scripts/deploy.ts";
import { startAnvil } from "../scripts/lib/anvil.ts";
import { DEV_KEYS, devAccount } from "../scripts/lib/dev-accounts.ts";
import { startIndexer } from "../scripts/lib/indexer.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { chainActor, pli } from "../test/chain-actions.ts";
import { percentiles } from "./lib/percentiles.ts";
import { receiptOf } from "../scripts/lib/receipt.ts";

const RUNS = Number(process.env.RUNS ?? 60);
const GAP_MS = Number(process.env.GAP_MS ?? 300);
/** The reader wakes on Ponder's NOTIFY after each indexed block (views channel), polling as a fallback. */
const LIVE_CHANNEL = "chain_live_query";
const POLL_MS = Number(process.env.POLL_MS ?? 20);
const NODE = "0x00000000000000000000000000000000000000bb";

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-"));
const pg = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const anvil = await startAnvil();
const indexerHandle = { stop: async () => {} };
try {
  const databaseUrl = await pg.createDatabase("bench");
  const deployOptions = { rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner };
  const deployment = await deployContracts(deployOptions);
  const owner = chainActor(anvil.rpcUrl, deployment, DEV_KEYS.owner);
  const operator = chainActor(anvil.rpcUrl, deployment, DEV_KEYS.validator);
  const wallet = devAccount("validator").address;
  await seedDemoData(deployment, deployOptions, { operators: [wallet], pliEach: pli(1_000_000) });
  await owner.whitelist(wallet, NODE);
  await operator.approve(pli(1_000_000));
  await operator.stake(pli(50_000), NODE);

  const indexer = await startIndexer({
    databaseUrl,
    rpcUrl: anvil.rpcUrl,
    wsUrl: anvil.wsUrl,
    deployment,
    logFile: path.join(dir, "indexer.log"),
  });
  indexerHandle.stop = indexer.stop;
  const db = createDb(databaseUrl, 2);
  const listener = new pgClient.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query(`LISTEN "${LIVE_CHANNEL}"`);
  let wake: (() => void) | undefined;
  listener.on("notification", () => wake?.());
  /** Resolves at Ponder's next commit notification, or after `ms` at the latest. */
  const nextChange = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  const step = pli(1_000);
  let expected = pli(50_000);
  while (!(await findStakePosition(db, wallet, NODE))) await new Promise((r) => setTimeout(r, 20));

  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await new Promise((r) => setTimeout(r, GAP_MS));
    expected += step;
    const hash = await operator.sendTopup(step, NODE);
    const mined = performance.now();
    await receiptOf(operator.publicClient, hash, { intervalMs: 5 });
    for (;;) {
      const position = await findStakePosition(db, wallet, NODE);
      if (position && position.totalStaked === expected) break;
      await nextChange(POLL_MS);
    }
    latencies.push(performance.now() - mined);
  }
  await db.destroy();
  await listener.end();
  const stats = percentiles(latencies);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `reconcile latency over ${RUNS} stake transactions ${GAP_MS} ms apart (mined -> readable from chain.* via the API's db layer)`,
  );
  console.log(`  p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  p99 ${fmt(stats.p99)}`);
  console.log(`  min ${fmt(stats.min)}  max ${fmt(stats.max)}  mean ${fmt(stats.mean)}`);
} finally {
  await indexerHandle.stop();
  await anvil.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
