/**
 * One API process of a bench, started as the `api` image starts it (plain node on the compiled server), with what the
 * bench reads of it: resident memory, V8 heap and streams from its metrics, a full garbage collection on demand (the
 * inspector's, on a loopback port: it tells what the heap retains from garbage not yet collected), and how it ended
 * when it ended before the bench stopped it (exit code and signal, printed at once, and the end of its log).
 */
import { readFileSync } from "node:fs";
import { METRIC, METRICS_PATH } from "@pli/api/metrics";
import { API } from "@pli/api/public-contract";
import { freePort } from "../../scripts/lib/ports.ts";
import { startService } from "../../scripts/lib/service.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { watchExit } from "./exit-watch.ts";
import type { Reaper } from "./reaper.ts";

export interface ApiInstance {
  name: string;
  /** host:port, as an upstream names it. */
  address: string;
  url: string;
  pid: number;
  /** Set once the process has ended. */
  readonly ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  rssMb(): number;
  heapMb(): Promise<number>;
  liveStreams(): Promise<number>;
  /** Its full (major) garbage collections so far, and their pauses in all, from its metrics. */
  majorCollections(): Promise<{ count: number; ms: number }>;
  /** A full garbage collection, then the heap in use. */
  collectGarbage(): Promise<number>;
  /** The last `chars` of its log. */
  log(chars?: number): string;
  stop(): Promise<void>;
}

const METRIC_LINE = (name: string) => new RegExp(`^${name} (\\S+)$`, "m");
const MAJOR_GC = (part: "count" | "sum") => `pli_nodejs_gc_duration_seconds_${part}\\{kind="major"\\}`;

/** Sends one Chrome DevTools Protocol command to the inspector on `port` and waits for its answer. */
async function inspect(port: number, method: string): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method }));
    socket.onmessage = (message) => {
      if ((JSON.parse(String(message.data)) as { id?: number }).id === 1) resolve();
    };
    socket.onerror = () => reject(new Error(`the inspector on port ${port} failed`));
  }).finally(() => socket.close());
}

export async function startApiInstance({
  name,
  server,
  env,
  logFile,
  reaper,
  nodeOptions = [],
}: {
  name: string;
  /** The compiled server.js. */
  server: string;
  env: Record<string, string | undefined>;
  logFile: string;
  reaper: Reaper;
  nodeOptions?: string[];
}): Promise<ApiInstance> {
  const [port, metricsPort, inspectorPort] = [await freePort(), await freePort(), await freePort()];
  const service = startService({
    name,
    command: process.execPath,
    args: [...nodeOptions, `--inspect=127.0.0.1:${inspectorPort}`, server],
    env: { ...env, API_PORT: String(port), METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" },
    logFile,
  });
  const pid = service.process.pid!;
  reaper.group(name, pid);
  let ended: ApiInstance["ended"];
  const log = (chars = 4_000) => readFileSync(logFile, "utf8").slice(-chars);
  watchExit(name, service.process, (end) => (ended = end));
  const url = `http://127.0.0.1:${port}`;
  const metrics = async () => (await fetch(`http://127.0.0.1:${metricsPort}${METRICS_PATH}`)).text();
  const metric = async (metricName: string) => Number(METRIC_LINE(metricName).exec(await metrics())?.[1]);
  const heapMb = async () => (await metric("pli_nodejs_heap_size_used_bytes")) / 2 ** 20;
  await waitFor(name, async () => (await fetch(`${url}${API.config}`).catch(() => null))?.ok, {
    timeoutMs: 60_000,
    intervalMs: 200,
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; its log:\n${log(3_000)}`);
  });
  return {
    name,
    address: `127.0.0.1:${port}`,
    url,
    pid,
    get ended() {
      return ended;
    },
    rssMb() {
      const rss = ended ? null : /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (!rss)
        throw new Error(
          `${name} (pid ${pid}) has exited: code ${ended?.code}, signal ${ended?.signal}; the end of its log:\n${log()}`,
        );
      return Number(rss[1]) / 1024;
    },
    heapMb,
    liveStreams: () => metric(METRIC.liveStreams),
    async majorCollections() {
      const text = await metrics();
      const value = (part: "count" | "sum") => Number(METRIC_LINE(MAJOR_GC(part)).exec(text)?.[1] ?? 0);
      return { count: value("count"), ms: value("sum") * 1000 };
    },
    async collectGarbage() {
      await inspect(inspectorPort, "HeapProfiler.collectGarbage");
      return heapMb();
    },
    log,
    stop: () => service.stop(),
  };
}
