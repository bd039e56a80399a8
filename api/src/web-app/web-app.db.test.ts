import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { imageForm, PNG_1X1 } from "../../test/images.ts";
import { API } from "../public-contract/index.ts";

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';
/** A first screen's own copy of the page, naming its page's scripts (web/build/first-screen-preload.ts). */
const LOGIN_INDEX = INDEX.replace("</head>", '<link rel="modulepreload" href="/assets/login-3c4d.js"></head>');
/** A hashed script as the web build writes it, with its pre-compressed copies (web/build/precompress.ts). */
const SCRIPT = "assets/chunk-9f8e.js";
const SCRIPT_TEXT = "export const rows = [" + Array.from({ length: 400 }, (_, i) => `{id:${i}}`).join(",") + "];";
let t: TestApp;
let server: ServerType;
let origin: string;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "pli-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), INDEX);
  mkdirSync(path.join(dist, "admin", "login"), { recursive: true });
  writeFileSync(path.join(dist, "admin", "login", "index.html"), LOGIN_INDEX);
  writeFileSync(path.join(dist, "assets", "app-1a2b.js"), "console.log('app')");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(dist, SCRIPT), SCRIPT_TEXT);
  writeFileSync(path.join(dist, `${SCRIPT}.br`), brotliCompressSync(SCRIPT_TEXT));
  writeFileSync(path.join(dist, `${SCRIPT}.gz`), gzipSync(SCRIPT_TEXT));
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, "index.html.gz"), gzipSync(INDEX));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite", "manifest.json"), "{}");
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, BODY_LIMIT_BYTES: String(1024 * 1024) } });
  const port = await freePort();
  server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe("the API serves the built web app on its own origin", () => {
  it("answers the app for / and for deep links, its hashed assets cached for a year, and never the app for API paths", async () => {
    for (const page of ["/", "/listrpc", "/admin/sitesetting?page=2"]) {
      const response = await fetch(`${origin}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toBe(INDEX);
      expect(response.headers.get("cache-control"), page).toBe("no-cache");
    }
    const asset = await fetch(`${origin}/assets/app-1a2b.js`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${origin}/assets/missing.js`)).status).toBe(404);
    for (const record of ["/.vite/manifest.json", "/.vite/", "/assets/.hidden.js"])
      expect((await fetch(`${origin}${record}`)).status, record).toBe(404);
    for (const apiPath of ["/api/nothing-here", "/static/none.png", "/upload/x"]) {
      const response = await fetch(`${origin}${apiPath}`);
      expect(response.status, apiPath).toBe(404);
      expect(response.headers.get("content-type"), apiPath).toContain("application/json");
    }
  });

  it("answers a first screen's path with its own copy of the page, never cached, and deep links below it with the app's", async () => {
    for (const page of ["/admin/login", "/admin/login/"]) {
      const response = await fetch(`${origin}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toBe(LOGIN_INDEX);
      expect(response.headers.get("cache-control"), page).toBe("no-cache");
      expect(response.headers.get("content-security-policy"), page).toContain("script-src 'self'");
    }
    expect(await (await fetch(`${origin}/admin/login/other`)).text()).toBe(INDEX);
  });

  it("sends a strict CSP, no framing, nosniff and a referrer policy on the app, a deep link and the API docs; no HSTS over http", async () => {
    for (const page of ["/", "/listnode", API.docs]) {
      const headers = (await fetch(`${origin}${page}`)).headers;
      const csp = headers.get("content-security-policy") ?? "";
      expect(csp, page).toContain("script-src 'self'");
      expect(csp, page).toContain("frame-ancestors 'none'");
      expect(csp, page).toContain("connect-src 'self' http://127.0.0.1:9");
      expect(headers.get("x-frame-options"), page).toBe("DENY");
      expect(headers.get("x-content-type-options"), page).toBe("nosniff");
      expect(headers.get("referrer-policy"), page).toBe("strict-origin-when-cross-origin");
      expect(headers.get("strict-transport-security"), page).toBeNull();
    }
  });

  it("writes the same security headers served by Node as in-process, and a request id, on answers, refusals and uploads", async () => {
    /** The headers every answer gets whatever it is: all but those of the answer itself and of the connection. */
    const ANSWER_HEADERS = [
      "date",
      "connection",
      "keep-alive",
      "content-length",
      "content-type",
      "content-encoding",
      "vary",
      "etag",
      "cache-control",
      "x-request-id",
    ];
    const security = (headers: Headers) => [...headers].filter(([name]) => !ANSWER_HEADERS.includes(name));
    for (const page of [API.setting, "/api/nope", `${API.staticFiles}/missing.png`]) {
      const served = await fetch(`${origin}${page}`, { headers: { "x-request-id": "caller-id_1=" } });
      const inProcess = await t.app.request(page);
      expect(
        security(served.headers).map(([name]) => name),
        page,
      ).toContain("content-security-policy");
      expect(security(served.headers), page).toEqual(security(inProcess.headers));
      expect(served.headers.get("x-request-id"), page).toBe("caller-id_1=");
    }
    expect((await fetch(`${origin}${API.staticFiles}/missing.png`)).headers.get("content-security-policy")).toContain(
      "default-src 'none'",
    );
    const refused = await fetch(`${origin}${API.setting}`, { headers: { "x-request-id": "not plain!" } });
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("grants no cross-origin access to a foreign origin", async () => {
    const response = await fetch(`${origin}${API.setting}`, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${origin}${API.rpcurl.root}`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("delivers the API's own refusals unchanged, every time: 413 for a 2 MB body, 401 for an upload without a session", async () => {
    const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
    for (let i = 0; i < 20; i++) {
      const tooBig = await fetch(`${origin}${API.rpcurl.root}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: big,
      });
      expect(tooBig.status).toBe(413);
      const upload = await fetch(`${origin}${API.upload}`, { method: "POST", body: imageForm(PNG_1X1, "logo.png") });
      expect(upload.status).toBe(401);
    }
  });
});

describe("the built web app's pre-compressed files", () => {
  /** The answer as sent (not decompressed), with its headers. */
  const raw = async (url: string, acceptEncoding?: string) => {
    const response = await t.app.request(url, {
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("sends a hashed script as brotli for br, as gzip for gzip only, and as it is without Accept-Encoding, each the same script", async () => {
    for (const [acceptEncoding, encoding, decode] of [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      [undefined, null, (bytes: Buffer) => bytes],
    ] as const) {
      const response = await raw(`/${SCRIPT}`, acceptEncoding);
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers.get("content-encoding"), acceptEncoding).toBe(encoding);
      expect(response.headers.get("vary"), acceptEncoding).toBe("Accept-Encoding");
      expect(response.headers.get("content-type"), acceptEncoding).toMatch(/^text\/javascript/);
      expect(response.headers.get("content-length"), acceptEncoding).toBe(String(response.bytes.length));
      expect(response.headers.get("cache-control"), acceptEncoding).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options"), acceptEncoding).toBe("nosniff");
      expect(decode(response.bytes).toString(), acceptEncoding).toBe(SCRIPT_TEXT);
    }
    expect((await raw(`/${SCRIPT}`, "br")).bytes.length).toBeLessThan(SCRIPT_TEXT.length);
  });

  it("sends the app's page compressed for / and for deep links, never cached, with its security headers", async () => {
    for (const page of ["/", "/index.html", "/listnode"]) {
      const response = await raw(page, "br, gzip");
      expect(response.headers.get("content-encoding"), page).toBe("br");
      expect(response.headers.get("vary"), page).toBe("Accept-Encoding");
      expect(response.headers.get("content-type"), page).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control"), page).toBe("no-cache");
      expect(response.headers.get("content-security-policy"), page).toContain("script-src 'self'");
      expect(brotliDecompressSync(response.bytes).toString(), page).toBe(INDEX);
    }
  });
});

describe("HSTS", () => {
  it("is sent when the portal is served over https", async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: "https://portal.example" } });
    try {
      expect((await https.app.request(API.setting)).headers.get("strict-transport-security")).toContain(
        "max-age=31536000",
      );
    } finally {
      await https.close();
    }
  });
});
