import { loadavg } from "node:os";
import autocannon from "autocannon";
import { cpuMs } from "./cpu.ts";

/** One request shape to hammer; `headers` default to none (the bare route). */
export interface LoadCase {
  name: string;
  url: string;
  method: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Whether the p99 target applies (not to the bare route, which is the floor). */
  target: boolean;
}

export interface LoadOptions {
  connections: number;
  duration: number;
  warmup: number;
  targetP99Ms: number;
  /** Processes whose CPU time per request is printed: the server under test and Postgres (with its backends). */
  pids?: { server: number; bare: number; postgres: number };
  /**
   * Writes per second made during each case. Each one empties the API's answer cache (every portal
   * table announces its commits), so the next read of each list goes to the database again.
   */
  writesPerSecond: number;
  /** The write made `writesPerSecond` times a second (the stand's `write`). */
  write?: () => Promise<unknown>;
  /**
   * With EXPLAIN=1, the stand's `plans`: instead of loading a case, it is asked twice, each time after a write (a miss),
   * and the plans of the second answer's statements are printed.
   */
  plans?: () => string;
  /** Hears each case's figures as they are printed (a bench comparing runs). */
  onFigures?: (name: string, figures: { p50: number; p99: number; requestsPerSecond: number }) => void;
}

/** Load options from CONNECTIONS, DURATION and WARMUP (seconds) and WRITES_PER_S, with the portal's p99 target. */
export const loadOptionsFromEnv = (): LoadOptions => ({
  connections: Number(process.env.CONNECTIONS ?? 50),
  duration: Number(process.env.DURATION ?? 5),
  warmup: Number(process.env.WARMUP ?? 1),
  targetP99Ms: 25,
  writesPerSecond: Number(process.env.WRITES_PER_S ?? 0),
});

/** Makes `write` `perSecond` times a second until the returned function is called; a failed write stops the run. */
function writing(
  perSecond: number,
  write: (() => Promise<unknown>) | undefined,
): { stop: () => void; failure: () => unknown } {
  if (perSecond <= 0 || !write) return { stop: () => undefined, failure: () => undefined };
  let failure: unknown;
  const timer = setInterval(() => {
    write().catch((error: unknown) => (failure ??= error));
  }, 1000 / perSecond);
  return { stop: () => clearInterval(timer), failure: () => failure };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/**
 * What the web app's requests carry, as a browser sends them: the Accept-Encoding every browser sends (so the list
 * answers come compressed, as the portal's pages get them; ACCEPT_ENCODING=identity measures them uncompressed).
 */
export const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

/** A JSON body and Bearer token headers, with the browser's Accept-Encoding. */
export const jsonHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
  "accept-encoding": ACCEPT_ENCODING,
});

/**
 * Runs each case with autocannon (keep-alive connections, a warm-up run first) and prints p50, p99,
 * requests per second, the list's totalDocs, the CPU time per request of the server and of Postgres
 * (from /proc: unlike latency, it does not depend on what else runs on the machine) and the 1-minute
 * load average per case, then the load average and which cases missed the p99 target (a case with
 * no answer within its run misses it). Any non-2xx answer, error or timeout aborts the run.
 */
export async function runLoad(cases: LoadCase[], options: LoadOptions): Promise<string[]> {
  const { connections, duration, warmup, targetP99Ms } = options;
  if (options.plans) {
    const plans = options.plans;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const explained = async (c: LoadCase) => {
      await options.write?.();
      await pause(200);
      plans();
      const probe = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body });
      if (!probe.ok) throw new Error(`${c.name} answered ${probe.status}`);
      await probe.arrayBuffer();
      await pause(300);
      return plans();
    };
    for (const c of cases.filter((c) => c.target)) {
      await explained(c);
      console.log(
        `\n=== ${c.name}: ${c.method} ${c.url} ${c.body ?? ""} (a miss, asked a second time)\n${await explained(c)}`,
      );
    }
    return [];
  }
  const width = Math.max(34, ...cases.map((c) => c.name.length));
  console.log(
    `\n${connections} connections, ${duration} s per case after ${warmup} s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}; load average before: ${load()}`,
  );
  console.log(
    options.writesPerSecond > 0 && options.write
      ? `${options.writesPerSecond} writes per second during each case, each emptying the API's answer cache`
      : "no writes during the cases: repeated reads are answered from the API's answer cache (WRITES_PER_S=n mixes in n writes a second)",
  );
  console.log(
    `${"case".padEnd(width)} ${"rows".padStart(6)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"req/s".padStart(8)} ${"cpu ms/req".padStart(10)} ${"pg ms/req".padStart(9)}  load(1m)  target`,
  );
  const missed: string[] = [];
  const cpuPerRequest: { name: string; target: boolean; ms: number }[] = [];
  for (const c of cases) {
    const probe = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body });
    const answer = (await probe.json()) as { totalDocs?: number };
    if (!probe.ok) throw new Error(`${c.name} answered ${probe.status}: ${JSON.stringify(answer)}`);
    const run = (seconds: number) =>
      autocannon({ url: c.url, method: c.method, headers: c.headers, body: c.body, connections, duration: seconds });
    const writes = writing(c.target ? options.writesPerSecond : 0, options.write);
    await run(warmup);
    const server = c.target ? options.pids?.server : options.pids?.bare;
    const before = {
      server: server ? cpuMs(server) : 0,
      postgres: options.pids ? cpuMs(options.pids.postgres, { children: true }) : 0,
    };
    let result: autocannon.Result;
    try {
      result = await run(duration);
    } finally {
      writes.stop();
    }
    if (writes.failure()) throw new Error(`${c.name}: a write failed: ${String(writes.failure())}`);
    const perRequest = (ms: number) => (options.pids ? (ms / Math.max(1, result.requests.total)).toFixed(3) : "-");
    const serverMs = (server ? cpuMs(server) : 0) - before.server;
    const cpu = perRequest(serverMs);
    if (options.pids)
      cpuPerRequest.push({ name: c.name, target: c.target, ms: serverMs / Math.max(1, result.requests.total) });
    const pgCpu = perRequest((options.pids ? cpuMs(options.pids.postgres, { children: true }) : 0) - before.postgres);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed)
      throw new Error(
        `${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    const answered = result.requests.total > 0;
    const met = answered && result.latency.p99 <= targetP99Ms;
    if (!met && c.target) missed.push(c.name);
    options.onFigures?.(c.name, {
      p50: result.latency.p50,
      p99: result.latency.p99,
      requestsPerSecond: result.requests.average,
    });
    const rows = answer.totalDocs === undefined ? "-" : String(answer.totalDocs);
    const verdict =
      (c.target ? (met ? "met" : "MISSED") : "floor") + (answered ? "" : ` (no answer within ${duration} s)`);
    console.log(
      `${c.name.padEnd(width)} ${rows.padStart(6)} ${result.latency.p50.toFixed(0).padStart(7)} ${result.latency.p99.toFixed(0).padStart(7)} ${result.requests.average.toFixed(0).padStart(8)} ${cpu.padStart(10)} ${pgCpu.padStart(9)}  ${loadavg()[0]!.toFixed(2).padStart(8)}  ${verdict}`,
    );
  }
  console.log(
    `\nload average after: ${load()}; p99 <= ${targetP99Ms} ms ${missed.length ? `missed by: ${missed.join(", ")}` : "met by every case"}`,
  );
  printCpuRatios(cpuPerRequest);
  return missed;
}

/**
 * The server's CPU per request of the target cases against each floor case's, as the lowest and highest ratio: each
 * target against the mean of the runs of that floor nearest before and after it, so that a machine whose speed drifts
 * during the bench moves a case and its floor together (a bench that runs its floor between every two cases gets a
 * ratio of the code, not of the hour). `bare Hono GET /` is the one the targets name; a floor answering a case's own
 * bytes (bare-answer.ts) tells how much of the rest is the answer's size on the wire.
 */
function printCpuRatios(figures: { name: string; target: boolean; ms: number }[]): void {
  const indexed = figures.map((figure, index) => ({ ...figure, index }));
  const targets = indexed.filter((figure) => figure.target);
  if (targets.length === 0) return;
  for (const name of new Set(indexed.filter((figure) => !figure.target).map((figure) => figure.name))) {
    const runs = indexed.filter((figure) => !figure.target && figure.name === name);
    const ratios = targets.map((target) => {
      const near = [runs.findLast((run) => run.index < target.index), runs.find((run) => run.index > target.index)]
        .filter((run) => run !== undefined)
        .map((run) => run.ms);
      return target.ms / (near.reduce((sum, ms) => sum + ms, 0) / near.length);
    });
    const floors = runs.map((run) => run.ms);
    console.log(
      `CPU per request against ${name} (${Math.min(...floors).toFixed(3)} to ${Math.max(...floors).toFixed(3)} ms, ` +
        `the runs nearest each case): ${Math.min(...ratios).toFixed(1)} to ${Math.max(...ratios).toFixed(1)} x`,
    );
  }
}
