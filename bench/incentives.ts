/**
 * Incentives at scale (issue 11): 1,000,000 incentive rows (20,000 positions x 50 months, most paid)
 * seeded in an embedded Postgres next to Ponder-shaped chain tables, the API started as in production
 * (api/src/server.ts compiled, its own process) and hit by autocannon with 50 keep-alive connections on
 * `GET /api/incentive` unsearched, searched by status and by address or hash prefix, and an operator's
 * own list, next to a bare Hono route served the same way; then the full CSV export of every row (time, first byte,
 * the API's resident memory growth sampled from /proc, and the CPU time the API and Postgres spent on it), then the
 * accrual of one month for 20,000 positions.
 * Targets: list and search p99 <= 25 ms; export <= 2 s with <= 32 MB growth (its sha256 printed to compare the
 * bytes before and after a change); accrual <= 10 s.
 * `npm run bench:incentives` (DURATION=seconds per case, WRITES_PER_S=writes a second during each case, POSITIONS,
 * MONTHS, OPERATORS; EXPORT_ONLY=1 measures the export alone).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { API } from "@pli/api/public-contract";
import { accrueIncentives } from "@pli/api/incentive";
import { cpuMs } from "./lib/cpu.ts";
import { jsonHeaders, loadOptionsFromEnv, runLoad, type LoadCase } from "./lib/load.ts";
import { seedIncentives } from "./lib/seed-incentives.ts";
import { withStand } from "./lib/stand.ts";

const OPERATORS = Number(process.env.OPERATORS ?? 10_000);
const POSITIONS = Number(process.env.POSITIONS ?? 20_000);
const MONTHS = Number(process.env.MONTHS ?? 50);
const EXPORT_ONLY = process.env.EXPORT_ONLY === "1";
const TARGET = { exportMs: 2_000, exportGrowthMb: 32, accrualMs: 10_000 } as const;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/**
 * Downloads the export, sampling the API's resident memory every 20 ms; rows, time, first byte, peak growth and the
 * sha256 of the bytes (hashed after the clock stops: hashing 230 MB takes about 0.3 s here).
 */
async function timedExport(url: string, headers: Record<string, string>, pids: { server: number; postgres: number }) {
  const pid = pids.server;
  const before = residentMb(pid);
  const cpuBefore = { api: cpuMs(pid), postgres: cpuMs(pids.postgres, { children: true }) };
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20);
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let firstByte = 0;
  let newlines = 0;
  let bytes = 0;
  const received: Buffer[] = [];
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (!firstByte) firstByte = performance.now() - started;
    const chunk = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
    bytes += chunk.byteLength;
    received.push(chunk);
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
  }
  const total = performance.now() - started;
  const cpu = {
    api: cpuMs(pid) - cpuBefore.api,
    postgres: cpuMs(pids.postgres, { children: true }) - cpuBefore.postgres,
  };
  clearInterval(sampler);
  peak = Math.max(peak, residentMb(pid));
  const hash = createHash("sha256");
  for (const chunk of received) hash.update(chunk);
  return {
    rows: newlines - 1,
    bytes,
    total,
    firstByte,
    growthMb: peak - before,
    cpu,
    beforeMb: before,
    sha256: hash.digest("hex"),
  };
}

let seeded: Awaited<ReturnType<typeof seedIncentives>> | undefined;

await withStand(
  "incentives",
  async (databaseUrl) =>
    (seeded = await seedIncentives(databaseUrl, { operators: OPERATORS, positions: POSITIONS, months: MONTHS })),
  async ({ api, bare, db, adminToken, pids, operatorToken, write, plans }) => {
    const operator = await db
      .selectFrom("app.operator")
      .select("id")
      .orderBy("wallet_address")
      .offset(41)
      .limit(1)
      .executeTakeFirstOrThrow();
    const sample = await db
      .selectFrom("app.incentive")
      .select(["wallet", "paid_tx"])
      .where("paid_tx", "is not", null)
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const asAdmin = jsonHeaders(adminToken);
    const asOperator = jsonHeaders(await operatorToken(operator.id));
    const list = `${api}${API.incentive.root}`;
    const listCase = (name: string, url: string, headers: Record<string, string>): LoadCase => ({
      name,
      url,
      method: "GET",
      headers,
      target: true,
    });
    const bareCase: LoadCase = { name: "bare Hono GET /", url: bare, method: "GET", target: false };
    const missed = EXPORT_ONLY
      ? []
      : await runLoad(
          [
            bareCase,
            listCase("GET incentive (admin, all)", list, asAdmin),
            listCase("GET incentive page 10", `${list}?page=10&limit=5`, asAdmin),
            listCase("q=unpaid", `${list}?q=unpaid`, asAdmin),
            listCase("q=paid", `${list}?q=paid`, asAdmin),
            listCase("q=wallet", `${list}?q=${sample.wallet}`, asAdmin),
            listCase("q=txn hash prefix", `${list}?q=${sample.paid_tx!.slice(0, 12)}`, asAdmin),
            listCase("GET incentive (operator's own)", list, asOperator),
            listCase("operator q=paid", `${list}?q=paid`, asOperator),
            bareCase,
          ],
          { ...loadOptionsFromEnv(), pids, write, plans },
        );

    console.log(`\nCSV export of every incentive (admin, GET ${API.incentive.export})`);
    for (const attempt of [1, 2]) {
      const figure = await timedExport(
        `${api}${API.incentive.export}`,
        { authorization: `Bearer ${adminToken}` },
        pids,
      );
      const met = figure.total <= TARGET.exportMs && figure.growthMb <= TARGET.exportGrowthMb;
      if (!met) missed.push(`export ${attempt}`);
      console.log(
        `  run ${attempt}: ${figure.rows} rows, ${(figure.bytes / 1024 / 1024).toFixed(0)} MB in ${seconds(figure.total)} (first byte ${figure.firstByte.toFixed(0)} ms); API resident memory ${figure.beforeMb.toFixed(0)} MB before, grew by ${figure.growthMb.toFixed(1)} MB at most; CPU: API ${seconds(figure.cpu.api)}, Postgres ${seconds(figure.cpu.postgres)}; load ${load()}  ${met ? "met" : "MISSED"}\n    sha256 ${figure.sha256} (${figure.bytes} bytes)`,
      );
    }

    if (!EXPORT_ONLY && seeded) {
      console.log(
        `\nAccrual of ${seeded.accrualMonth.slice(0, 7)} for ${seeded.positions} positions (in this process, as the scheduler's job runs it)`,
      );
      const accrualStarted = performance.now();
      const accrual = await accrueIncentives({ db }, new Date());
      const accrualMs = performance.now() - accrualStarted;
      const accrualMet = accrualMs <= TARGET.accrualMs && accrual.accrued.length === 1;
      if (!accrualMet) missed.push("accrual");
      console.log(`  ${JSON.stringify(accrual.accrued)} in ${seconds(accrualMs)}  ${accrualMet ? "met" : "MISSED"}`);
    }

    console.log(
      `\nload average after: ${load()}; targets (list p99 <= 25 ms, export <= ${seconds(TARGET.exportMs)} and <= ${TARGET.exportGrowthMb} MB, accrual <= ${seconds(TARGET.accrualMs)}) ${missed.length ? `missed by: ${missed.join(", ")}` : "met by every case"}`,
    );
  },
);
