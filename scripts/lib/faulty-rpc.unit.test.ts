import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getLogsRetryHelper } from "@ponder/utils";
import { createPublicClient, http, type RpcError } from "viem";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startFaultyRpc, type FaultyRpc } from "./faulty-rpc.ts";

/** A stand-in for anvil: answers every call with its method and params, and counts the requests it was sent. */
let upstream: Server;
let upstreamUrl: string;
let upstreamRequests = 0;
let proxy: FaultyRpc | undefined;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    upstreamRequests++;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as unknown;
      const echo = (call: { id: number; method: string; params: unknown }) => ({
        jsonrpc: "2.0",
        id: call.id,
        result: call.method === "eth_chainId" ? "0x7a69" : { method: call.method, params: call.params },
      });
      const answer = Array.isArray(body) ? body.map(echo) : echo(body as never);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const getLogs = (id: number, fromBlock: string, toBlock: string) => ({
  jsonrpc: "2.0",
  id,
  method: "eth_getLogs",
  params: [{ fromBlock, toBlock }],
});

it("forwards single calls and batches unchanged while no fault is on", async () => {
  proxy = await startFaultyRpc({ upstream: upstreamUrl });
  const single = await post(proxy.url, { jsonrpc: "2.0", id: 7, method: "eth_blockNumber", params: [] });
  expect(await single.json()).toEqual({ jsonrpc: "2.0", id: 7, result: { method: "eth_blockNumber", params: [] } });
  const batch = await post(proxy.url, [
    { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
    getLogs(2, "0x1", "0x2"),
  ]);
  expect(await batch.json()).toEqual([
    { jsonrpc: "2.0", id: 1, result: "0x7a69" },
    { jsonrpc: "2.0", id: 2, result: { method: "eth_getLogs", params: [{ fromBlock: "0x1", toBlock: "0x2" }] } },
  ]);
});

it("refuses connections while refusing, and serves again on the same address afterwards", async () => {
  proxy = await startFaultyRpc({ upstream: upstreamUrl });
  await proxy.set({ refuse: true });
  const refused = await post(proxy.url, { jsonrpc: "2.0", id: 1, method: "eth_chainId" }).catch(
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
  expect(refused).toBe("ECONNREFUSED");
  await proxy.set({ refuse: false });
  expect(await (await post(proxy.url, { jsonrpc: "2.0", id: 1, method: "eth_chainId" })).json()).toMatchObject({
    result: "0x7a69",
  });
});

it(
  "fails the configured share of requests, with 503s and JSON-RPC errors, without reaching the upstream",
  { timeout: 20_000 },
  async () => {
    let state = 1;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    proxy = await startFaultyRpc({ upstream: upstreamUrl, faults: { failRate: 0.1 }, random });
    const before = upstreamRequests;
    const statuses: string[] = [];
    for (let id = 0; id < 200; id++) {
      const response = await post(proxy.url, { jsonrpc: "2.0", id, method: "eth_blockNumber" });
      const body = response.status === 200 ? ((await response.json()) as { error?: { code: number } }) : null;
      statuses.push(response.status === 503 ? "503" : body?.error ? `rpc ${body.error.code}` : "ok");
    }
    const failed = statuses.filter((status) => status !== "ok").length;
    expect(failed).toBeGreaterThan(10);
    expect(failed).toBeLessThan(30);
    expect(new Set(statuses)).toEqual(new Set(["ok", "503", "rpc -32603"]));
    expect(upstreamRequests - before).toBe(200 - failed);
    expect(proxy.stats.failed).toBe(failed);
  },
);

it("adds its latency to every request", async () => {
  proxy = await startFaultyRpc({ upstream: upstreamUrl, faults: { latencyMs: 300 } });
  const started = performance.now();
  await post(proxy.url, { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" });
  expect(performance.now() - started).toBeGreaterThanOrEqual(295);
});

it("refuses eth_getLogs wider than its cap with the limit error Ponder splits on, and forwards the rest of a batch", async () => {
  proxy = await startFaultyRpc({ upstream: upstreamUrl, faults: { getLogsRange: 100 } });
  const response = await post(proxy.url, [getLogs(1, "0x0", "0x64"), getLogs(2, "0x0", "0x3e8")]);
  const [within, wide] = (await response.json()) as [{ result: unknown }, { error: { code: number; message: string } }];
  expect(within.result).toMatchObject({ method: "eth_getLogs" });
  expect(wide.error).toEqual({ code: -32005, message: "query exceeds max block range 100" });
  expect(proxy.stats.capped).toBe(1);

  const client = createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) });
  const error = await client
    .request({ method: "eth_getLogs", params: [{ fromBlock: "0x0", toBlock: "0x3e8" }] })
    .catch((caught: RpcError) => caught);
  const advice = getLogsRetryHelper({
    params: [{ fromBlock: "0x0", toBlock: "0x3e8" }],
    error: error as RpcError,
  });
  expect(advice.shouldRetry).toBe(true);
  for (const range of advice.ranges ?? [])
    expect(Number(range.toBlock) - Number(range.fromBlock)).toBeLessThanOrEqual(100);
});
