import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { OPENAPI_PATHS } from "../openapi/schema.ts";
import { API } from "../public-contract/index.ts";
import { COMPRESS_MIN_BYTES } from "./compression.ts";

let t: TestAppWithSmtp;
let admin: string;
const NODES = 5;
const LIST = `${API.node.filterList}?page=1&limit=100`;

/** The raw answer to `init` (as sent: undecompressed), with its headers. */
async function raw(url: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const response = await t.app.request(url, init);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
const listAs = (acceptEncoding?: string) =>
  raw(LIST, {
    method: "POST",
    headers: {
      authorization: `Bearer ${admin}`,
      "content-type": "application/json",
      ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
    },
    body: JSON.stringify({ status: "All" }),
  });

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  for (let n = 1; n <= NODES; n++) await registerNode(t, (await newOperator(t)).token, n);
  t.live.answers.setListening(true);
});
afterAll(async () => {
  await t?.close();
});

describe("compressed JSON answers", () => {
  it("sends a cached list answer as brotli or gzip per Accept-Encoding, decompressing to the same JSON, and serves it again from the cache", async () => {
    const plain = await listAs();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.bytes.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers.get("content-length")).toBe(String(plain.bytes.length));
    expect(JSON.parse(plain.bytes.toString()).docs).toHaveLength(NODES);

    const hitsBefore = t.live.answers.stats.hits;
    for (const [acceptEncoding, encoding, decompress] of [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
    ] as const) {
      for (let again = 0; again < 2; again++) {
        const compressed = await listAs(acceptEncoding);
        expect(compressed.status, acceptEncoding).toBe(200);
        expect(compressed.headers.get("content-encoding"), acceptEncoding).toBe(encoding);
        expect(compressed.headers.get("vary"), acceptEncoding).toBe("Accept-Encoding");
        expect(compressed.headers.get("content-type"), acceptEncoding).toBe("application/json");
        expect(compressed.headers.get("content-length"), acceptEncoding).toBe(String(compressed.bytes.length));
        expect(compressed.bytes.length, acceptEncoding).toBeLessThan(plain.bytes.length);
        expect(decompress(compressed.bytes).toString(), acceptEncoding).toBe(plain.bytes.toString());
      }
    }
    expect(t.live.answers.stats.hits - hitsBefore).toBe(8);
    expect((await listAs("identity")).bytes.toString()).toBe(plain.bytes.toString());
  });

  it("compresses other large JSON answers, never small ones", async () => {
    const document = await raw(OPENAPI_PATHS.document, { headers: { "accept-encoding": "gzip" } });
    expect(document.headers.get("content-encoding")).toBe("gzip");
    expect(document.headers.get("vary")).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(document.bytes).toString()).openapi).toMatch(/^3\.1/);

    const setting = await raw(API.setting, { headers: { "accept-encoding": "br, gzip" } });
    expect(setting.status).toBe(200);
    expect(setting.bytes.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(setting.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(setting.bytes.toString())).toBeTypeOf("object");
  });

  it("never compresses the live event stream", async () => {
    const controller = new AbortController();
    const response = await t.app.request(API.livePublic, {
      headers: { "accept-encoding": "br, gzip" },
      signal: controller.signal,
    });
    try {
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      expect(response.headers.get("content-encoding")).toBeNull();
      await response.body?.cancel();
    } finally {
      controller.abort();
    }
  });
});
