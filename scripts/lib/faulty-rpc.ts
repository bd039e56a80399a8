import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Socket } from "node:net";
import { WebSocket, WebSocketServer, type RawData } from "ws";
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

export interface JsonRpcCall {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: unknown;
}

export interface JsonRpcAnswer {
  jsonrpc: "2.0";
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Sends calls to the upstream (one batch), for a shaper that needs to ask it something first. */
export type Upstream = (calls: JsonRpcCall[]) => Promise<JsonRpcAnswer[]>;

/**
 * Makes the proxy behave like another kind of node (xdc-rpc.ts): each call may be refused or rewritten before it is
 * forwarded, and each answer and websocket notification rewritten on its way back.
 */
export interface RpcShaper {
  /** An answer instead of forwarding (a refusal), or the call to forward. */
  request(call: JsonRpcCall, upstream: Upstream): Promise<{ answer: JsonRpcAnswer } | { call: JsonRpcCall }>;
  /** The upstream's answer to `call` as this node writes it. */
  answer(call: JsonRpcCall, answer: JsonRpcAnswer): JsonRpcAnswer;
  /** A subscription notification (`eth_subscription`) as this node writes it. */
  notification(message: JsonRpcCall): JsonRpcCall;
  /** Whether websocket connections are served (proxied to the upstream's websocket); refused otherwise. */
  websocket(): boolean;
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
  shaper,
}: {
  upstream: string;
  port?: number;
  faults?: Partial<RpcFaults>;
  random?: () => number;
  shaper?: RpcShaper;
}): Promise<FaultyRpc> {
  const port = await freePort(wanted);
  const faults: RpcFaults = { ...NO_FAULTS, ...initial };
  const stats: FaultyRpcStats = { requests: 0, calls: 0, failed: 0, capped: 0, dropped: 0 };
  const sockets = new Set<Socket>();

  async function forward(calls: JsonRpcCall[]): Promise<JsonRpcAnswer[]> {
    if (calls.length === 0) return [];
    const response = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls),
    });
    const answers = (await response.json()) as unknown;
    if (!Array.isArray(answers)) throw new Error(`upstream answered ${response.status} without a batch`);
    return answers as JsonRpcAnswer[];
  }

  /** The shaper's refusals, and the upstream's answers to the rest as the shaper rewrites them. */
  async function shaped(calls: JsonRpcCall[]): Promise<JsonRpcAnswer[]> {
    if (!shaper) return forward(calls);
    const prepared = await Promise.all(calls.map((call) => shaper.request(call, forward)));
    const forwarded = prepared.flatMap((item) => ("call" in item ? [item.call] : []));
    const byId = new Map((await forward(forwarded)).map((item) => [item.id, item]));
    return prepared.map((item, index) =>
      "answer" in item ? item.answer : shaper.answer(calls[index]!, byId.get(item.call.id ?? null)!),
    );
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
    const answers = await shaped(calls.filter((_, index) => !capped[index]));
    const byId = new Map(answers.map((item) => [(item as JsonRpcCall).id, item]));
    const merged = calls.map((call, index) =>
      capped[index]
        ? { jsonrpc: "2.0", id: call.id ?? null, error: { code: -32005, message: rangeLimitMessage(limit!) } }
        : byId.get(call.id),
    );
    return { status: 200, json: batch ? merged : merged[0] };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    // Browsers (the web app, the test wallet's page) call it from another origin, as they call a public endpoint.
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("access-control-allow-headers", "content-type");
    if (request.method === "OPTIONS") return void response.writeHead(204).end();
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
  const websockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!shaper?.websocket()) {
      socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    websockets.handleUpgrade(request, socket, head, (client) => relayWebsocket(client));
  });

  /**
   * One websocket client relayed to the upstream's websocket: its calls pass the shaper like HTTP ones, the answers
   * and subscription notifications coming back are rewritten.
   */
  function relayWebsocket(client: WebSocket) {
    const calls = new Map<JsonRpcCall["id"], JsonRpcCall>();
    const outbound = new WebSocket(upstream.replace(/^http/, "ws"));
    const opened = new Promise<void>((resolve, reject) => {
      outbound.once("open", () => resolve());
      outbound.once("error", reject);
    });
    opened.catch(() => client.close(1011, "upstream unreachable"));
    const close = () => {
      client.close();
      outbound.close();
    };
    outbound.on("close", close);
    client.on("close", close);
    outbound.on("message", (data: RawData) => {
      const message = JSON.parse(data.toString()) as JsonRpcCall & JsonRpcAnswer;
      if (message.method === "eth_subscription") return client.send(JSON.stringify(shaper!.notification(message)));
      const call = calls.get(message.id);
      calls.delete(message.id);
      client.send(JSON.stringify(call ? shaper!.answer(call, message) : message));
    });
    client.on("message", (data: RawData) => {
      void (async () => {
        const call = JSON.parse(data.toString()) as JsonRpcCall;
        const prepared = await shaper!.request(call, forward);
        if ("answer" in prepared) return client.send(JSON.stringify(prepared.answer));
        calls.set(prepared.call.id, call);
        await opened;
        outbound.send(JSON.stringify(prepared.call));
      })().catch(() => client.close(1011, "relay failed"));
    });
  }
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
      for (const client of websockets.clients) client.terminate();
      websockets.close();
      if (server.listening) await close();
    },
  };
}
