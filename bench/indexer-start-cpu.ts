/**
 * CPU cost of one indexer start as the tests pay it (scripts/lib/indexer.ts `startIndexer` on a fresh
 * database of a freshly deployed anvil chain, until `/ready` and the head indexed), and of a running
 * indexer while the chain is idle. CPU is user + system time of Ponder's process group (Ponder and what
 * it spawns) and of Postgres' backends, read from /proc. Prints each run and the median.
 * `RUNS=5 npm run bench:indexer-start`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startIndexer } from "../scripts/lib/indexer.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { startChain } from "../test/chain.ts";
import { percentiles } from "./lib/percentiles.ts";
import { processIds, procStat, TICKS_PER_SECOND } from "../scripts/lib/proc.ts";

const RUNS = Number(process.env.RUNS ?? 5);
const IDLE_MS = Number(process.env.IDLE_MS ?? 10_000);

/** utime + stime (and that of reaped children) in ms of every process in process group `pgid`. */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of processIds()) {
    const stat = procStat(pid);
    if (stat?.pgid === pgid) ticks += stat.utime + stat.stime + stat.cutime + stat.cstime;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-indexer-"));
const postgres = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const chain = await startChain();
const rows: { start: number; postgres: number; idle: number; wall: number }[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const databaseUrl = await postgres.createDatabase(`bench_indexer_${run}`);
    const pgBefore = groupCpuMs(postgres.pid);
    const started = performance.now();
    const indexer = await startIndexer({
      databaseUrl,
      rpcUrl: chain.anvil.rpcUrl,
      wsUrl: chain.anvil.wsUrl,
      deployment: chain.deployment,
    });
    const wall = performance.now() - started;
    const pid = indexer.process.pid!;
    const start = groupCpuMs(pid);
    const pgStart = groupCpuMs(postgres.pid) - pgBefore;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = ((groupCpuMs(pid) - start) * 1000) / IDLE_MS;
    await indexer.stop();
    rows.push({ start, postgres: pgStart, idle, wall });
    console.log(
      `run ${run + 1}: start ${(start / 1000).toFixed(2)} CPU-s (Postgres ${(pgStart / 1000).toFixed(2)} CPU-s), ` +
        `${(wall / 1000).toFixed(2)} s wall; idle ${idle.toFixed(0)} CPU-ms/s`,
    );
  }
  const median = (values: number[]) => percentiles(values).p50;
  console.log(
    `median of ${RUNS}: start ${(median(rows.map((r) => r.start)) / 1000).toFixed(2)} CPU-s ` +
      `(Postgres ${(median(rows.map((r) => r.postgres)) / 1000).toFixed(2)} CPU-s), ` +
      `${(median(rows.map((r) => r.wall)) / 1000).toFixed(2)} s wall; ` +
      `idle ${median(rows.map((r) => r.idle)).toFixed(0)} CPU-ms/s; load ${loadavg()[0]?.toFixed(2)}`,
  );
} finally {
  await chain.anvil.stop();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
