import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get("/api/test-failure/:detail", () => {
    throw new Error("secret detail");
  });
});
afterAll(() => t?.close());

/** The request lines logged for `route` (the pattern a line names). */
const requestLines = (route: string) => t.logs.lines().filter((line) => line.msg === "request" && line.route === route);

describe("request log", () => {
  it("logs one line per request: its id (sent back as X-Request-Id), method, route pattern, status, duration and the signed-in account", async () => {
    const operator = await newOperator(t);
    const { id: accountId } = await t.db
      .selectFrom("app.operator")
      .select("id")
      .where("wallet_address", "=", operator.wallet)
      .executeTakeFirstOrThrow();
    t.logs.clear();
    const response = await t.call("GET", `${API.staticFiles}/0xabc-photo.png?size=large`, { token: operator.token });
    const lines = requestLines(`${API.staticFiles}/:file`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      id: response.headers.get("x-request-id"),
      method: "GET",
      status: response.status,
      accountId,
      role: "user",
      level: 30,
    });
    expect(lines[0]!.durationMs).toEqual(expect.any(Number));
    expect(t.logs.text()).not.toContain("0xabc-photo");
    expect(t.logs.text()).not.toContain("size=large");
  });

  it("logs health probes that answer at debug level, so a probe every few seconds stays out of an info log", async () => {
    t.logs.clear();
    expect((await t.call("GET", API.healthLive)).status).toBe(200);
    expect(requestLines(API.healthLive)).toMatchObject([{ level: 20, status: 200 }]);
  });

  it("keeps a caller's plain X-Request-Id and replaces one that is not plain", async () => {
    const kept = await t.call("GET", API.health, { headers: { "x-request-id": "edge-7f3a9c" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-7f3a9c");
    const replaced = await t.call("GET", API.health, { headers: { "x-request-id": 'evil"\\n{"level":60}' } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(API.health).map((line) => line.id)).toEqual(
      expect.arrayContaining(["edge-7f3a9c", replaced.headers.get("x-request-id")]),
    );
  });

  it("answers an unexpected failure with 500 and the request id, and logs its stack under that id, never in the answer", async () => {
    const response = await t.call("GET", "/api/test-failure/42");
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: "Internal server error", id: response.headers.get("x-request-id") });
    const [line] = requestLines("/api/test-failure/:detail");
    expect(line).toMatchObject({ id: response.body.id, status: 500, level: 50 });
    const err = line!.err as { message: string; stack: string };
    expect(err.message).toBe("secret detail");
    expect(err.stack).toContain("request-log.db.test.ts");
  });

  it("logs an expected refusal without a stack", async () => {
    const response = await t.call("GET", API.operator.root);
    expect(response.status).toBe(401);
    const [line] = requestLines(API.operator.root);
    expect(line).toMatchObject({ id: response.headers.get("x-request-id"), status: 401, level: 30 });
    expect(line).not.toHaveProperty("err");
  });

  it("logs a live stream once, when it ends, not per event", async () => {
    const response = await t.app.request(API.livePublic);
    const reader = response.body!.getReader();
    t.live.publish({ block: 1, topics: ["limits"], wallets: [] });
    await reader.read();
    t.live.publish({ block: 2, topics: ["limits"], wallets: [] });
    await reader.read();
    expect(requestLines(API.livePublic)).toEqual([]);
    await reader.cancel();
    await waitFor("the stream's log line", async () => requestLines(API.livePublic).length > 0);
    expect(requestLines(API.livePublic)).toMatchObject([{ status: 200, id: response.headers.get("x-request-id") }]);
  });
});
