import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { freePort } from "./ports.ts";

/** What the proxy does to the calls it forwards; every field can be changed while it runs (`set`). */
export interface RpcFaults {
  /** Refuse connections: the listening socket is closed and open connections are destroyed. */
  refuse: boolean;
  /** Share of HTTP requests (0..1) answered with a failure instead of being forwarded. */
  failRate: number;
  /** Added before each HTTP request is forwarded. */
  latencyMs: number;
  /**
   * The widest `eth_getLogs` range forwarded (toBlock - fromBlock), as public endpoints cap it; wider ones answer
   * the limit error. Null: no cap.
   */
  getLogsRange: number | null;
  /** JSON-RPC methods whose calls always answer the injected failure, as an endpoint that refuses a method. */
  failMethods: string[];
}

export const NO_FAULTS: RpcFaults = { refuse: false, failRate: 0, latencyMs: 0, getLogsRange: null, failMethods: [] };

/** What the proxy did, for a run's report. */
export interface FaultyRpcStats {
  requests: number;
  calls: number;
  /** Requests answered with an injected failure (HTTP 503 or a JSON-RPC internal error). */
  failed: number;
  /** `eth_getLogs` calls refused for their range. */
  capped: number;
  /** Connections destroyed while refusing. */
  dropped: number;
}

export interface FaultyRpc {
  url: string;
  port: number;
  readonly faults: RpcFaults;
  readonly stats: FaultyRpcStats;
  /** Changes the faults; switching `refuse` closes or reopens the listening socket before it resolves. */
  set(faults: Partial<RpcFaults>): Promise<void>;
  stop(): Promise<void>;
}

interface JsonRpcCall {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: unknown;
}

/**
 * The error text geth-based endpoints answer (code -32005, limit exceeded); Ponder's getLogsRetryHelper
 * (@ponder/utils) reads the range from it and splits the request, as it does against the public endpoints.
 */
export const rangeLimitMessage = (range: number) => `query exceeds max block range ${range}`;

const INJECTED_FAILURE = { code: -32603, message: "faulty-rpc: injected internal error" };

function rangeOf(call: JsonRpcCall): bigint | null {
  if (call.method !== "eth_getLogs" || !Array.isArray(call.params)) return null;
  const filter = call.params[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  const hex = (value: unknown) => typeof value === "string" && /^0x[0-9a-f]+$/i.test(value);
  if (!filter || !hex(filter.fromBlock) || !hex(filter.toBlock)) return null;
  return BigInt(filter.toBlock as string) - BigInt(filter.fromBlock as string);
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A JSON-RPC proxy in front of `upstream` (anvil) that injects the faults of a public endpoint: refused
 * connections, a share of failed calls, latency, capped `eth_getLogs` ranges. Single calls and batches;
 * `random` decides which requests fail (seed it for a reproducible run).
 */
export async function startFaultyRpc({
  upstream,
  port: wanted,
  faults: initial = {},
  random = Math.random,
}: {
  upstream: string;
  port?: number;
  faults?: Partial<RpcFaults>;
  random?: () => number;
}): Promise<FaultyRpc> {
  const port = await freePort(wanted);
  const faults: RpcFaults = { ...NO_FAULTS, ...initial };
  const stats: FaultyRpcStats = { requests: 0, calls: 0, failed: 0, capped: 0, dropped: 0 };
  const sockets = new Set<Socket>();

  async function forward(calls: JsonRpcCall[]): Promise<unknown[]> {
    if (calls.length === 0) return [];
    const response = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls),
    });
    const answers = (await response.json()) as unknown;
    if (!Array.isArray(answers)) throw new Error(`upstream answered ${response.status} without a batch`);
    return answers;
  }

  async function answer(body: string): Promise<{ status: number; json?: unknown }> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { status: 200, json: { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } } };
    }
    const batch = Array.isArray(parsed);
    const calls = (batch ? parsed : [parsed]) as JsonRpcCall[];
    stats.calls += calls.length;
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    const refusedMethod = calls.some((call) => call.method !== undefined && faults.failMethods.includes(call.method));
    if (refusedMethod || random() < faults.failRate) {
      stats.failed++;
      if (!refusedMethod && random() < 0.5) return { status: 503 };
      const errors = calls.map((call) => ({ jsonrpc: "2.0", id: call.id ?? null, error: INJECTED_FAILURE }));
      return { status: 200, json: batch ? errors : errors[0] };
    }
    const limit = faults.getLogsRange;
    const capped = calls.map((call) => {
      const range = rangeOf(call);
      return limit !== null && range !== null && range > BigInt(limit);
    });
    stats.capped += capped.filter(Boolean).length;
    const answers = await forward(calls.filter((_, index) => !capped[index]));
    const byId = new Map(answers.map((item) => [(item as JsonRpcCall).id, item]));
    const merged = calls.map((call, index) =>
      capped[index]
        ? { jsonrpc: "2.0", id: call.id ?? null, error: { code: -32005, message: rangeLimitMessage(limit!) } }
        : byId.get(call.id),
    );
    return { status: 200, json: batch ? merged : merged[0] };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    stats.requests++;
    try {
      const { status, json } = await answer(await readBody(request));
      if (json === undefined) response.writeHead(status, { "content-type": "text/plain" }).end("Service Unavailable");
      else response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
    } catch (error) {
      response
        .writeHead(502, { "content-type": "text/plain" })
        .end(`faulty-rpc: upstream failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => (server.off("error", reject), resolve()));
    });
  const close = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    stats.dropped += sockets.size;
    for (const socket of sockets) socket.destroy();
    return closed;
  };
  if (!faults.refuse) await listen();

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    faults,
    stats,
    async set(change) {
      const wasRefusing = faults.refuse;
      Object.assign(faults, change);
      if (faults.refuse && !wasRefusing) await close();
      if (!faults.refuse && wasRefusing) await listen();
    },
    async stop() {
      if (server.listening) await close();
    },
  };
}
