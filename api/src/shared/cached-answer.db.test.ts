import type { ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { decoded, served as servedBy } from "../../test/served.ts";
import { API } from "../public-contract/index.ts";
import { AnswerReplays } from "./answer-replay.ts";
import { serveApi } from "./serve.ts";

let t: TestAppWithSmtp;
let server: ServerType;
let origin: string;
let admin: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  for (let n = 1; n <= 12; n += 2) {
    const operator = await newOperator(t);
    for (const k of [n, n + 1]) await registerNode(t, operator.token, k);
  }
  const port = await freePort();
  const replays = new AnswerReplays({ live: t.live, config: t.config, log: t.logs.log });
  server = serveApi(t.app.fetch, { port, hostname: "127.0.0.1" }, undefined, replays);
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

/** The headers of an answer that say what its body is and how it may be kept. */
const ANSWER_HEADERS = ["content-type", "content-encoding", "vary", "etag", "cache-control"];
const answerHeaders = (headers: Headers) => ANSWER_HEADERS.map((name) => [name, headers.get(name)]);

const served = (page: string, headers: Record<string, string>) => servedBy(origin, page, headers);

describe("a list answer from the answer cache, served by Node", () => {
  it("carries the same body, encoding and headers as in-process, first read and kept, in every encoding", async () => {
    for (const acceptEncoding of ["br, gzip", "gzip", "identity", ""]) {
      for (const round of ["read", "kept"]) {
        const headers = {
          authorization: `Bearer ${admin}`,
          ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
        };
        const { response, bytes } = await served(API.node.root, headers);
        const inProcess = await t.app.request(API.node.root, { headers });
        const label = `${acceptEncoding || "no Accept-Encoding"}, ${round}`;
        expect(response.status, label).toBe(200);
        expect(answerHeaders(response.headers), label).toEqual(answerHeaders(inProcess.headers));
        expect(response.headers.get("content-length"), label).toBe(String(bytes.length));
        expect(response.headers.get("x-request-id"), label).toMatch(/^[0-9a-f-]{36}$/);
        expect(response.headers.get("content-security-policy"), label).toContain("default-src 'self'");
        const body = JSON.parse(decoded(bytes, response.headers.get("content-encoding")));
        expect(body.docs.length, label).toBeGreaterThan(0);
        const inProcessBytes = Buffer.from(await inProcess.arrayBuffer());
        expect(body, label).toEqual(JSON.parse(decoded(inProcessBytes, inProcess.headers.get("content-encoding"))));
      }
    }
    const brotli = await served(API.node.root, { authorization: `Bearer ${admin}`, "accept-encoding": "br" });
    expect(brotli.response.headers.get("content-encoding")).toBe("br");
  });

  it("answers a public answer's If-None-Match with 304, its ETag and Vary and no Content-Type, served by Node as in-process", async () => {
    const first = await served(API.network.root, { "accept-encoding": "gzip" });
    const etag = first.response.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    expect(first.response.headers.get("cache-control")).toBe("public, no-cache");
    const again = await served(API.network.root, { "if-none-match": etag! });
    const inProcess = await t.app.request(API.network.root, { headers: { "if-none-match": etag! } });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(answerHeaders(again.response.headers)).toEqual(answerHeaders(inProcess.headers));
    expect(again.response.headers.has("content-type")).toBe(false);
    expect(again.response.headers.get("etag")).toBe(etag);
  });

  it("reads a request's headers as Hono does: a JSON body's media type is checked", async () => {
    for (const contentType of ["text/plain", "application/json"]) {
      const init = {
        method: "POST",
        headers: { authorization: `Bearer ${admin}`, "content-type": contentType },
        body: JSON.stringify({ email: "not an email" }),
      };
      const response = await fetch(`${origin}${API.admin.login}`, init);
      const inProcess = await t.app.request(API.admin.login, init);
      expect(response.status, contentType).toBe(inProcess.status);
      expect(await response.json(), contentType).toEqual(await inProcess.json());
    }
  });
});
