/**
 * Incentives at scale (issue 11): 1,000,000 incentive rows (20,000 positions x 50 months, most paid)
 * seeded in an embedded Postgres next to Ponder-shaped chain tables, the API started as in production
 * (api/src/server.ts, its own process) and hit by autocannon with 50 keep-alive connections on
 * `GET /api/incentive` unsearched, searched by status and by address or hash prefix, and an operator's
 * own list, next to a bare Hono route served the same way; then the full CSV export of every row (time, first byte, the API's resident memory
 * growth sampled from /proc), then the accrual of one month for 20,000 positions.
 * Targets: list and search p99 <= 25 ms; export <= 5 s with <= 64 MB growth; accrual <= 10 s.
 * `npm run bench:incentives` (DURATION=seconds per case, POSITIONS, MONTHS, OPERATORS; EXPORT_ONLY=1 measures the export alone).
 */
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createAdmin } from "../api/src/admin/repository.ts";
import { signSession } from "../api/src/auth/session.ts";
import { API, USER_TYPE } from "../api/src/contract/index.ts";
import { createDb } from "../api/src/db/database.ts";
import { migrateToLatest } from "../api/src/db/migrate.ts";
import { accrueIncentives } from "../api/src/incentive/accrual.ts";
import { ensureDefaultSettings } from "../api/src/settings/repository.ts";
import { freePort } from "../scripts/lib/ports.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { startService, type Service } from "../scripts/lib/service.ts";
import { waitFor } from "../scripts/lib/wait.ts";
import { seedIncentives } from "./lib/seed-incentives.ts";

const OPERATORS = Number(process.env.OPERATORS ?? 10_000);
const POSITIONS = Number(process.env.POSITIONS ?? 20_000);
const MONTHS = Number(process.env.MONTHS ?? 50);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 1);
const EXPORT_ONLY = process.env.EXPORT_ONLY === "1";
const TARGET = { p99Ms: 25, exportMs: 5_000, exportGrowthMb: 64, accrualMs: 10_000 } as const;
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** Downloads the export, sampling the API's resident memory every 20 ms; rows, time, first byte and peak growth. */
async function timedExport(url: string, headers: Record<string, string>, pid: number) {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20);
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let firstByte = 0;
  let newlines = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (!firstByte) firstByte = performance.now() - started;
    const chunk = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
    bytes += chunk.byteLength;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, residentMb(pid));
  return { rows: newlines - 1, bytes, total, firstByte, growthMb: peak - before, beforeMb: before };
}

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-incentives-"));
const pg = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const services: Service[] = [];
const databaseUrl = await pg.createDatabase("bench");
const db = createDb(databaseUrl, 4);
try {
  await migrateToLatest(db);
  await ensureDefaultSettings(db);
  const started = performance.now();
  const seeded = await seedIncentives(databaseUrl, { operators: OPERATORS, positions: POSITIONS, months: MONTHS });
  console.log(`seeded in ${seconds(performance.now() - started)}: ${JSON.stringify(seeded)}`);
  const admin = await createAdmin(db, { email: "bench-admin@example.com", name: "Bench Admin", passwordHash: "unused" });
  const adminToken = await signSession({ sub: admin.id, userType: USER_TYPE.admin, name: admin.name, email: admin.email, ver: admin.session_version }, JWT_SECRET, 3600);
  const operator = await db.selectFrom("app.operator").selectAll().orderBy("wallet_address").offset(41).limit(1).executeTakeFirstOrThrow();
  const operatorToken = await signSession({ sub: operator.id, userType: USER_TYPE.user, walletAddress: operator.wallet_address, name: "", email: operator.email ?? "", ver: operator.session_version }, JWT_SECRET, 3600);
  const sample = await db.selectFrom("app.incentive").select(["wallet", "paid_tx"]).where("paid_tx", "is not", null).orderBy("id").limit(1).executeTakeFirstOrThrow();

  const [apiPort, barePort] = [await freePort(), await freePort()];
  services.push(startService({ name: "bare", command: process.execPath, args: ["--import", "tsx", "bench/lib/bare-hono.ts"], env: { BARE_PORT: String(barePort) }, logFile: path.join(dir, "bare.log") }));
  const api = startService({
    name: "api",
    command: process.execPath,
    args: ["--import", "tsx", "api/src/server.ts"],
    env: {
      APP_ENV: "production",
      API_PORT: String(apiPort),
      DATABASE_URL: databaseUrl,
      RPC_URL: "http://127.0.0.1:9",
      CHAIN_ID: "31337",
      PLI_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
      JWT_SECRET,
      SMTP_URL: "smtp://127.0.0.1:9",
      SCHEDULER_ENABLED: "false",
      UPLOAD_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
    },
    logFile: path.join(dir, "api.log"),
  });
  services.push(api);
  const base = `http://127.0.0.1:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}/`;
  await waitFor("the API and the bare server", async () => (await fetch(`${base}${API.config}`)).ok && (await fetch(bare)).ok, { timeoutMs: 60_000, intervalMs: 200 });

  const list = `${base}${API.incentive.root}`;
  const cases = EXPORT_ONLY
    ? []
    : [
        { name: "bare Hono GET / (the floor)", url: bare, token: adminToken },
        { name: "GET incentive (admin, all)", url: list, token: adminToken },
        { name: "GET incentive page 10", url: `${list}?page=10&limit=5`, token: adminToken },
        { name: "q=unpaid", url: `${list}?q=unpaid`, token: adminToken },
        { name: "q=paid", url: `${list}?q=paid`, token: adminToken },
        { name: "q=wallet", url: `${list}?q=${sample.wallet}`, token: adminToken },
        { name: "q=txn hash prefix", url: `${list}?q=${sample.paid_tx!.slice(0, 12)}`, token: adminToken },
        { name: "GET incentive (operator's own)", url: list, token: operatorToken },
        { name: "operator q=paid", url: `${list}?q=paid`, token: operatorToken },
      ];
  if (cases.length) console.log(`\n${CONNECTIONS} connections, ${DURATION} s per case after ${WARMUP} s of warm-up; load average before: ${load()}`);
  if (cases.length) console.log(`${"case".padEnd(32)} ${"rows".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"req/s".padStart(8)}  load(1m)  target`);
  const missed: string[] = [];
  for (const c of cases) {
    const headers = { authorization: `Bearer ${c.token}` };
    const probe = await fetch(c.url, { headers });
    const answer = (await probe.json()) as { totalDocs?: number };
    if (!probe.ok) throw new Error(`${c.name} answered ${probe.status}: ${JSON.stringify(answer)}`);
    const run = (duration: number) => autocannon({ url: c.url, headers, connections: CONNECTIONS, duration });
    await run(WARMUP);
    const result = await run(DURATION);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
    const met = result.latency.p99 <= TARGET.p99Ms;
    if (!met && c.url !== bare) missed.push(c.name);
    console.log(
      `${c.name.padEnd(32)} ${(answer.totalDocs === undefined ? "-" : String(answer.totalDocs)).padStart(8)} ${result.latency.p50.toFixed(0).padStart(7)} ${result.latency.p99.toFixed(0).padStart(7)} ${result.requests.average.toFixed(0).padStart(8)}  ${loadavg()[0]!.toFixed(2).padStart(8)}  ${met ? "met" : "MISSED"}`,
    );
  }

  console.log(`\nCSV export of every incentive (admin, GET ${API.incentive.export})`);
  for (const attempt of [1, 2]) {
    const figure = await timedExport(`${base}${API.incentive.export}`, { authorization: `Bearer ${adminToken}` }, api.process.pid!);
    const met = figure.total <= TARGET.exportMs && figure.growthMb <= TARGET.exportGrowthMb;
    if (!met) missed.push(`export ${attempt}`);
    console.log(
      `  run ${attempt}: ${figure.rows} rows, ${(figure.bytes / 1024 / 1024).toFixed(0)} MB in ${seconds(figure.total)} (first byte ${figure.firstByte.toFixed(0)} ms); API resident memory ${figure.beforeMb.toFixed(0)} MB before, grew by ${figure.growthMb.toFixed(1)} MB at most  ${met ? "met" : "MISSED"}`,
    );
  }

  if (!EXPORT_ONLY) {
    console.log(`\nAccrual of ${seeded.accrualMonth.slice(0, 7)} for ${seeded.positions} positions (in this process, as the scheduler's job runs it)`);
    const accrualStarted = performance.now();
    const accrual = await accrueIncentives({ db }, new Date());
    const accrualMs = performance.now() - accrualStarted;
    const accrualMet = accrualMs <= TARGET.accrualMs && accrual.accrued.length === 1;
    if (!accrualMet) missed.push("accrual");
    console.log(`  ${JSON.stringify(accrual.accrued)} in ${seconds(accrualMs)}  ${accrualMet ? "met" : "MISSED"}`);
  }

  console.log(`\nload average after: ${load()}; targets (p99 <= ${TARGET.p99Ms} ms, export <= ${seconds(TARGET.exportMs)} and <= ${TARGET.exportGrowthMb} MB, accrual <= ${seconds(TARGET.accrualMs)}) ${missed.length ? `missed by: ${missed.join(", ")}` : "met by every case"}`);
} finally {
  await db.destroy();
  for (const service of services) await service.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
