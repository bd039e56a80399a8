import { request as httpRequest } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

const BODY_LIMIT = 4096;
let t: TestApp;
let server: ServerType;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
  port = await freePort();
  server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
  await t.addValidator(DEV_KEYS.validator);
  token = await t.operatorToken(DEV_KEYS.validator);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string>; data?: { name: string } };
}

const headers = () => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
  "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.7`,
});

/**
 * POSTs `parts` to the real server: with Content-Length when `chunked` is false (one write), or in chunked
 * transfer encoding, one chunk per part (so a character can be cut between chunks).
 */
function overHttp(parts: Buffer[], chunked = false): Promise<Answer> {
  const body = Buffer.concat(parts);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: API.rpcurl.root,
        headers: { ...headers(), ...(chunked ? {} : { "content-length": String(body.length) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    if (chunked) for (const part of parts) request.write(part);
    request.end(chunked ? undefined : body);
  });
}

/** The same body through the app in process, where Node's request stream does not exist. */
async function inProcess(body: Buffer): Promise<Answer> {
  const response = await t.app.request(API.rpcurl.root, {
    method: "POST",
    headers: headers(),
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const rpc = (name: string) => ({ name, provider: "AWS", rpc: "https://rpc.example.com", wss: "wss://ws.example.com" });
const bytes = (text: string) => Buffer.from(text, "utf8");
const comparable = (answer: Answer) => ({
  status: answer.status,
  message: answer.body.message,
  errors: answer.body.errors,
  name: answer.body.data?.name,
});

describe("JSON bodies over the real server", () => {
  it("answer exactly as in process: a valid body, a missing field, a control character, broken JSON, a byte order mark", async () => {
    const bodies = [
      JSON.stringify(rpc("Valid node")),
      JSON.stringify({ ...rpc("No provider"), provider: undefined }),
      JSON.stringify(rpc("Bad\u0001name")),
      '{"name": "Broken',
      `\uFEFF${JSON.stringify(rpc("With a byte order mark"))}`,
    ].map(bytes);
    for (const body of bodies) {
      const served = comparable(await overHttp([body]));
      expect(served, body.toString()).toEqual(comparable(await inProcess(body)));
    }
    expect((await overHttp([bodies[0]!])).status).toBe(201);
    expect((await overHttp([bodies[2]!])).body.errors).toEqual({ name: MESSAGES.controlCharacters });
  });

  it("read every byte, with a declared length or in chunks cut inside a character", async () => {
    const name = "Nœud 東京 🚀 ü";
    const body = bytes(JSON.stringify(rpc(name)));
    const cut = body.indexOf(bytes("🚀")) + 2;
    expect((await overHttp([body])).body.data?.name).toBe(name);
    expect((await overHttp([body.subarray(0, cut), body.subarray(cut)], true)).body.data?.name).toBe(name);
  });

  it("read a body of declared length that arrives in several writes, and keep answering after a client leaves mid-body", async () => {
    const body = bytes(JSON.stringify(rpc("Arrived in pieces")));
    const pieces = await new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: API.rpcurl.root,
          headers: { ...headers(), "content-length": String(body.length) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
          );
        },
      );
      request.on("error", reject);
      request.flushHeaders();
      request.write(body.subarray(0, 10));
      setTimeout(() => request.end(body.subarray(10)), 50);
    });
    expect(pieces.status).toBe(201);
    expect(pieces.body.data?.name).toBe("Arrived in pieces");

    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: API.rpcurl.root,
        headers: { ...headers(), "content-length": String(body.length) },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(body.subarray(0, 10), () => setTimeout(() => request.destroy(), 50));
    });
    expect((await overHttp([bytes(JSON.stringify(rpc("After a client left")))])).status).toBe(201);
  });

  it("refuse a body over the limit, declared or chunked, with 413, and the server keeps answering", async () => {
    const body = bytes(JSON.stringify(rpc("x".repeat(BODY_LIMIT))));
    expect((await overHttp([body])).status).toBe(413);
    expect((await overHttp([body.subarray(0, 1000), body.subarray(1000)], true)).status).toBe(413);
    expect((await overHttp([bytes(JSON.stringify(rpc("After the refusals")))])).status).toBe(201);
  });
});
