import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";
import { HEALTH_ANSWER_MS } from "./service.ts";

let t: TestApp;
let rpc: Server;
/** The chain calls the RPC endpoint received, by method. */
const calls: string[] = [];
let head = 0x10;

beforeAll(async () => {
  const port = await freePort();
  rpc = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const request = JSON.parse(body) as { id: number; method: string };
      calls.push(request.method);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: `0x${head.toString(16)}` }));
    });
  });
  await new Promise<void>((resolve) => rpc.listen(port, "127.0.0.1", resolve));
  t = await createTestApp({ rpcUrl: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => rpc?.close(resolve));
});

const health = async () => (await t.call("GET", API.health)).body as { chain: { head: number | null } };

describe("GET /api/health", () => {
  it("asks the chain once for any number of requests within a second, and again after it", async () => {
    const burst = await Promise.all(Array.from({ length: 50 }, health));
    for (let i = 0; i < 20; i++) burst.push(await health());
    expect(calls).toEqual(["eth_blockNumber"]);
    expect(new Set(burst.map((answer) => answer.chain.head))).toEqual(new Set([0x10]));

    head = 0x11;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_ANSWER_MS + 50));
    expect((await health()).chain.head).toBe(0x11);
    expect(calls).toEqual(["eth_blockNumber", "eth_blockNumber"]);
  });
});
