/**
 * `npm run bench:production`: the production build started as the Dockerfile's `api` target starts it
 * (its CMD, plain node, NODE_ENV=production, the scheduler on), against an embedded Postgres whose
 * migrations were applied beforehand by the compiled migrate command. Prints, against the targets of
 * issue 23: start to healthy (spawn to the first 200 from /api/health, median of RUNS runs) and the
 * resident memory (VmRSS) once idle and after a warm-up of requests over public and admin routes.
 * RUNS (default 5), SETTLE_MS (idle time before reading, default 5000) and WARMUP (rounds, default 20)
 * tune it; NODE_OPTIONS reaches the API (for instance --heapsnapshot-signal=SIGUSR2 to look at its heap).
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { createAdmin } from "@pli/api/admin";
import { signSession } from "@pli/api/auth";
import { API, USER_TYPE } from "@pli/api/public-contract";
import { freePort } from "../scripts/lib/ports.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import {
  buildProduction,
  dockerfileCommand,
  indexedUpToSql,
  productionApiEnv,
  startHeadOnlyRpc,
} from "../scripts/lib/production-build.ts";
import { createDb } from "@pli/api/db/database";
import { ensureDefaultSettings } from "@pli/api/setting";
import { percentiles } from "./lib/percentiles.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.RUNS ?? 5);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 5000);
const WARMUP = Number(process.env.WARMUP ?? 20);
const TARGET = { idleMb: 150, healthyMs: 2000 };
const CHAIN_ID = 31337;
const HEAD = 1000;
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";
const run = promisify(execFile);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB, from /proc/<pid>/status. */
function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

const started = performance.now();
await buildProduction();
console.log(`production build: ${Math.round(performance.now() - started)} ms`);

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-production-"));
const postgres = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const rpc = await startHeadOnlyRpc(HEAD);
try {
  const databaseUrl = await postgres.createDatabase("bench");
  const [command, ...args] = dockerfileCommand("api");
  const env = {
    ...productionApiEnv({
      databaseUrl,
      rpcUrl: rpc.url,
      chainId: CHAIN_ID,
      jwtSecret: JWT_SECRET,
      smtpUrl: "smtp://127.0.0.1:9",
      uploadDir: path.join(dir, "uploads"),
    }),
    NODE_OPTIONS: process.env.NODE_OPTIONS,
  };
  await run(process.execPath, ["api/dist/migrate.js"], { cwd: ROOT, env });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(indexedUpToSql(HEAD, CHAIN_ID));
  await client.end();
  const db = createDb(databaseUrl, 1);
  await ensureDefaultSettings(db);
  const admin = await createAdmin(db, {
    email: "bench-admin@example.com",
    name: "Bench Admin",
    passwordHash: "unused",
  });
  await db.destroy();
  const adminToken = await signSession(
    { sub: admin.id, userType: USER_TYPE.admin, name: admin.name, email: admin.email, ver: admin.session_version },
    JWT_SECRET,
    3600,
  );
  const warmupPaths = [
    API.health,
    API.config,
    API.setting,
    API.openapi,
    API.dashboard.admin,
    API.node.root,
    API.stake.root,
    API.stakeRequest.root,
    API.audit.root,
    API.incentive.root,
  ];

  const healthyMs: number[] = [];
  const idleMb: number[] = [];
  const warmMb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const spawnedAt = performance.now();
    const server = spawn(command!, args, {
      cwd: ROOT,
      env: { ...env, API_PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      for (;;) {
        if (server.exitCode !== null) throw new Error(`the API exited (${server.exitCode}) before it was healthy`);
        const ok = await fetch(`${url}${API.health}`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ok) break;
        if (performance.now() - spawnedAt > 60_000) throw new Error("the API was not healthy within 60 s");
        await sleep(10);
      }
      healthyMs.push(performance.now() - spawnedAt);
      await sleep(SETTLE_MS);
      idleMb.push(residentMb(server.pid!));
      for (let round = 0; round < WARMUP; round++) {
        await Promise.all(
          warmupPaths.map(async (route) => {
            const response = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${adminToken}` } });
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
          }),
        );
      }
      await sleep(SETTLE_MS);
      warmMb.push(residentMb(server.pid!));
      console.log(
        `run ${i + 1}: healthy after ${Math.round(healthyMs.at(-1)!)} ms, idle ${idleMb.at(-1)!.toFixed(0)} MB, after warm-up ${warmMb.at(-1)!.toFixed(0)} MB`,
      );
    } finally {
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
  }
  const verdict = (value: number, target: number) => (value <= target ? "meets" : "misses");
  const healthy = percentiles(healthyMs).p50;
  const idle = percentiles(idleMb).p50;
  const warm = percentiles(warmMb).p50;
  const [load] = loadavg();
  console.log(`\nload average ${load!.toFixed(1)} on ${availableParallelism()} cores while measuring`);
  console.log(`API as the Dockerfile starts it (${dockerfileCommand("api").join(" ")}), median of ${RUNS} runs:`);
  console.log(
    `  start to healthy     ${Math.round(healthy)} ms   (target <= ${TARGET.healthyMs} ms: ${verdict(healthy, TARGET.healthyMs)})`,
  );
  console.log(
    `  resident idle        ${idle.toFixed(0)} MB   (target <= ${TARGET.idleMb} MB: ${verdict(idle, TARGET.idleMb)})`,
  );
  console.log(`  after ${WARMUP} x ${warmupPaths.length} requests ${warm.toFixed(0)} MB`);
} finally {
  await rpc.close();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
