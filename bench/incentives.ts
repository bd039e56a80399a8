/**
 * Incentives at scale (issue 11; ten times it, issue 45): 1,000,000 incentive rows (20,000 positions x 50 months, most
 * paid; SCALE=10: 10,000,000 over 200,000 positions) seeded in an embedded Postgres next to Ponder-shaped chain tables,
 * the API started as in production (api/src/server.ts compiled, its own process) and hit by autocannon with 50
 * keep-alive connections on `GET /api/incentive` unsearched, searched by status and by address or hash prefix, and an
 * operator's own list, next to a bare Hono route served the same way; then the full CSV export of every row beside a
 * plain `COPY (SELECT export_line …) TO STDOUT` of the same table, read by this process (time, first byte, the API's
 * resident memory sampled from /proc before and at its peak, and the CPU time the API and Postgres spent on it), then
 * the accrual of one month for every position.
 * Targets: list and search p99 <= 25 ms; export <= 2 s with <= 32 MB growth (its sha256 printed to compare the
 * bytes before and after a change); accrual <= 10 s. At SCALE=10: export <= 1.3 times the COPY with <= 64 MB
 * growth; accrual of 200,000 positions <= 60 s.
 * `npm run bench:incentives` (SCALE, DURATION=seconds per case, WRITES_PER_S=writes a second during each case,
 * POSITIONS, MONTHS, OPERATORS; EXPORT_ONLY=1 measures the export alone).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { get as httpGet, type IncomingMessage } from "node:http";
import { loadavg } from "node:os";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { API } from "@pli/api/public-contract";
import { accrueIncentives } from "@pli/api/incentive";
import { cpuMs } from "./lib/cpu.ts";
import { jsonHeaders, loadOptionsFromEnv, runLoad, type LoadCase } from "./lib/load.ts";
import { seedIncentives } from "./lib/seed-incentives.ts";
import { SCALE, sizeOf } from "./lib/scale.ts";
import { withStand } from "./lib/stand.ts";

const OPERATORS = sizeOf("OPERATORS", 10_000);
const POSITIONS = sizeOf("POSITIONS", 20_000);
const MONTHS = Number(process.env.MONTHS ?? 50);
const EXPORT_ONLY = process.env.EXPORT_ONLY === "1";
const TARGET =
  SCALE === 1
    ? { exportMs: 2_000, copyRatio: Infinity, exportGrowthMb: 32, accrualMs: 10_000 }
    : { exportMs: Infinity, copyRatio: 1.3, exportGrowthMb: 64, accrualMs: 60_000 };
/** Bodies up to this size are kept to hash after the clock stops; a larger one is only counted. */
const HASHED_BYTES = 512 * 1024 * 1024;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/**
 * Downloads the export over a plain HTTP request (node:http, its socket's reads as they come, as the COPY's are read),
 * sampling the API's resident memory every 20 ms; rows, time, first byte, peak growth and the sha256 of the bytes
 * (hashed after the clock stops: hashing 230 MB takes about 0.3 s here).
 */
async function timedExport(url: string, headers: Record<string, string>, pids: { server: number; postgres: number }) {
  const pid = pids.server;
  const before = residentMb(pid);
  const cpuBefore = { api: cpuMs(pid), postgres: cpuMs(pids.postgres, { children: true }) };
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20);
  const started = performance.now();
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(url, { headers }, resolve).once("error", reject),
  );
  if (response.statusCode !== 200) throw new Error(`export answered ${response.statusCode}`);
  let firstByte = 0;
  let newlines = 0;
  let bytes = 0;
  const received: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (!firstByte) firstByte = performance.now() - started;
    bytes += chunk.byteLength;
    if (bytes <= HASHED_BYTES) received.push(chunk);
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
    sha256: bytes <= HASHED_BYTES ? hash.digest("hex") : null,
  };
}

/**
 * A plain `COPY (SELECT export_line …) TO STDOUT` of every incentive, in the export's order, read by this process
 * from its own connection: rows, bytes (LF-ended lines, no header), time and first byte.
 */
async function timedCopy(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(
      copyTo("COPY (SELECT export_line FROM app.incentive ORDER BY date DESC, id) TO STDOUT"),
    ) as AsyncIterable<Buffer>;
    let firstByte = 0;
    let rows = 0;
    let bytes = 0;
    for await (const chunk of stream) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
    }
    return { rows, bytes, total: performance.now() - started, firstByte };
  } finally {
    await client.end();
  }
}

let seeded: Awaited<ReturnType<typeof seedIncentives>> | undefined;

await withStand(
  "incentives",
  async (databaseUrl) =>
    (seeded = await seedIncentives(databaseUrl, { operators: OPERATORS, positions: POSITIONS, months: MONTHS })),
  async ({ api, bare, db, databaseUrl, adminToken, pids, operatorToken, write, plans }) => {
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

    console.log(
      `\nCSV export of every incentive (admin, GET ${API.incentive.export}) beside a plain COPY of its lines from app.incentive`,
    );
    for (const attempt of [1, 2]) {
      const copy = await timedCopy(databaseUrl);
      const figure = await timedExport(
        `${api}${API.incentive.export}`,
        { authorization: `Bearer ${adminToken}` },
        pids,
      );
      if (figure.rows !== copy.rows) throw new Error(`the export wrote ${figure.rows} rows, the COPY ${copy.rows}`);
      const ratio = figure.total / copy.total;
      const met =
        figure.total <= TARGET.exportMs && ratio <= TARGET.copyRatio && figure.growthMb <= TARGET.exportGrowthMb;
      if (!met) missed.push(`export ${attempt}`);
      console.log(
        `  run ${attempt}: export ${figure.rows} rows, ${figure.bytes} bytes in ${seconds(figure.total)} (first byte ${figure.firstByte.toFixed(0)} ms); COPY ${copy.rows} rows, ${copy.bytes} bytes (the export's bytes less these and a CR a line: ${figure.bytes - copy.bytes - copy.rows}, its header line) in ${seconds(copy.total)} (first byte ${copy.firstByte.toFixed(0)} ms); ratio ${ratio.toFixed(2)}\n    API resident memory ${figure.beforeMb.toFixed(0)} MB before, ${(figure.beforeMb + figure.growthMb).toFixed(0)} MB at its peak (+${figure.growthMb.toFixed(1)} MB); CPU: API ${seconds(figure.cpu.api)}, Postgres ${seconds(figure.cpu.postgres)}; load ${load()}  ${met ? "met" : "MISSED"}\n    sha256 ${figure.sha256 ?? `not taken (over ${HASHED_BYTES / 1024 / 1024} MB)`}`,
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
      `\nload average after: ${load()}; targets (list p99 <= 25 ms, export ${SCALE === 1 ? `<= ${seconds(TARGET.exportMs)}` : `<= ${TARGET.copyRatio} x COPY`} and <= ${TARGET.exportGrowthMb} MB, accrual <= ${seconds(TARGET.accrualMs)}) ${missed.length ? `missed by: ${missed.join(", ")}` : "met by every case"}`,
    );
  },
);
