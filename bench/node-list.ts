/**
 * The admin's node lists under load: 20,000 nodes over 10,000 operators seeded in an embedded Postgres,
 * the API started as in production (api/src/server.ts, its own process, @hono/node-server) and hit by
 * autocannon with 50 keep-alive connections. Cases: `GET /api/nodesetting` (an admin sees every node)
 * and `POST /api/nodesetting/filterlist` for each tab (what the admin's Node Requests page sends: the
 * tab's page and every tab's count), each without and with a search term; next to a bare Hono route
 * served the same way. Prints p50, p99 and requests per second per case, and the load average.
 * Target: p99 <= 25 ms. `npm run bench:nodes` (DURATION=seconds per case, SEARCH=comma-separated terms).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createAdmin } from "../api/src/admin/repository.ts";
import { signSession } from "../api/src/auth/session.ts";
import { API, NODE_TABS, USER_TYPE } from "../api/src/contract/index.ts";
import { createDb } from "../api/src/db/database.ts";
import { migrateToLatest } from "../api/src/db/migrate.ts";
import { ensureDefaultSettings } from "../api/src/settings/repository.ts";
import { freePort } from "../scripts/lib/ports.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { startService, type Service } from "../scripts/lib/service.ts";
import { waitFor } from "../scripts/lib/wait.ts";
import { seedNodes } from "./lib/seed-nodes.ts";

const OPERATORS = Number(process.env.OPERATORS ?? 10_000);
const NODES = Number(process.env.NODES ?? 20_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 1);
const SEARCH = (process.env.SEARCH ?? "operator42,contabo").split(",").filter(Boolean);
const TARGET_P99_MS = 25;
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

interface Case {
  name: string;
  url: string;
  method: "GET" | "POST";
  body?: string;
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-nodes-"));
const pg = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
const services: Service[] = [];
try {
  const databaseUrl = await pg.createDatabase("bench");
  const db = createDb(databaseUrl, 2);
  await migrateToLatest(db);
  await ensureDefaultSettings(db);
  const started = performance.now();
  const seeded = await seedNodes(databaseUrl, { operators: OPERATORS, nodes: NODES });
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`);
  const admin = await createAdmin(db, { email: "bench-admin@example.com", name: "Bench Admin", passwordHash: "unused" });
  const token = await signSession({ sub: admin.id, userType: USER_TYPE.admin, name: admin.name, email: admin.email, ver: admin.session_version }, JWT_SECRET, 3600);
  await db.destroy();

  const [apiPort, barePort] = [await freePort(), await freePort()];
  const logFile = path.join(dir, "servers.log");
  const tsx = (script: string, env: Record<string, string>) => startService({ name: script, command: process.execPath, args: ["--import", "tsx", script], env, logFile });
  services.push(
    tsx("api/src/server.ts", {
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
    }),
    tsx("bench/lib/bare-hono.ts", { BARE_PORT: String(barePort) }),
  );
  const api = `http://127.0.0.1:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}/`;
  await waitFor("the API and the bare server", async () => (await fetch(`${api}${API.config}`)).ok && (await fetch(bare)).ok, { timeoutMs: 60_000, intervalMs: 200 });

  const query = (q: string) => (q ? `?q=${encodeURIComponent(q)}` : "");
  const cases: Case[] = [{ name: "bare Hono GET /", url: bare, method: "GET" }];
  for (const q of ["", ...SEARCH]) {
    const label = q ? ` q=${q}` : "";
    cases.push({ name: `GET nodesetting${label}`, url: `${api}${API.nodesetting.root}${query(q)}`, method: "GET" });
    for (const tab of NODE_TABS) cases.push({ name: `filterlist ${tab}${label}`, url: `${api}${API.nodesetting.filterList}${query(q)}`, method: "POST", body: JSON.stringify({ status: tab }) });
  }
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per case after ${WARMUP} s of warm-up; load average before: ${load()}`);
  console.log(`${"case".padEnd(34)} ${"rows".padStart(6)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"req/s".padStart(8)}  load(1m)  target`);
  const missed: string[] = [];
  for (const c of cases) {
    const probe = await fetch(c.url, { method: c.method, headers, body: c.body });
    const answer = (await probe.json()) as { totalDocs?: number };
    if (!probe.ok) throw new Error(`${c.name} answered ${probe.status}: ${JSON.stringify(answer)}`);
    const run = (duration: number) => autocannon({ url: c.url, method: c.method, headers, body: c.body, connections: CONNECTIONS, duration });
    await run(WARMUP);
    const result = await run(DURATION);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
    const met = result.latency.p99 <= TARGET_P99_MS;
    if (!met && c.url !== bare) missed.push(c.name);
    const rows = answer.totalDocs === undefined ? "-" : String(answer.totalDocs);
    console.log(
      `${c.name.padEnd(34)} ${rows.padStart(6)} ${result.latency.p50.toFixed(0).padStart(7)} ${result.latency.p99.toFixed(0).padStart(7)} ${result.requests.average.toFixed(0).padStart(8)}  ${loadavg()[0]!.toFixed(2).padStart(8)}  ${met ? "met" : "MISSED"}`,
    );
  }
  console.log(`\nload average after: ${load()}; p99 <= ${TARGET_P99_MS} ms ${missed.length ? `missed by: ${missed.join(", ")}` : "met by every node list case"}`);
} finally {
  for (const service of services) await service.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
