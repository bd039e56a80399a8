import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const normalise = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");

describe("OpenAPI", () => {
  it("documents every route the app serves, from the route's own declaration, with its access", async () => {
    const doc = (await t.call("GET", API.openapi)).body;
    expect(doc.openapi).toBe("3.1.0");
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { "x-access"?: string; summary?: string }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        documented.add(`${method.toUpperCase()} ${normalise(path)}`);
        expect(["public", "user", "admin", "signed-in"], `${method} ${path}`).toContain(operation["x-access"]);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
      }
    }
    const served = t.app.routes.filter((route) => route.method === "GET" || route.method === "POST").map((route) => `${route.method} ${normalise(route.path)}`);
    const undocumented = served.filter((route) => !documented.has(route) && !route.startsWith("GET /api/openapi.json") && !route.startsWith("GET /api/docs"));
    expect(undocumented).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(20);
  });

  it("carries each route's input schema and serves a readable list", async () => {
    const doc = (await t.call("GET", API.openapi)).body;
    const rpcSchema = doc.paths[API.rpcurl.root].post.requestBody.content["application/json"].schema;
    expect(rpcSchema.required.sort()).toEqual(["name", "provider", "rpc", "wss"]);
    expect(rpcSchema.properties.provider.enum).toContain("Contabo");
    const docs = await t.app.request(API.docs);
    expect(docs.headers.get("content-type")).toContain("text/html");
    const html = await docs.text();
    expect(html).toContain("/api/rpcurl/edit");
    expect(html).toContain("Delete an RPC URL (owner or admin)");
  });
});
