import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every path string of the public contract's API map. */
const contractPaths = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Object.values(value as object).flatMap(contractPaths);

const normalise = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");

describe("OpenAPI", () => {
  it("documents every route the app serves, from the route's own declaration, with its access", async () => {
    const doc = (await t.call("GET", API.openapi)).body;
    expect(doc.openapi).toBe("3.1.0");
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { "x-access"?: string; summary?: string }>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        documented.add(`${method.toUpperCase()} ${normalise(path)}`);
        expect(["public", "user", "admin", "signed-in"], `${method} ${path}`).toContain(operation["x-access"]);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
      }
    }
    const served = t.app.routes
      .filter((route) => route.method === "GET" || route.method === "POST")
      .map((route) => `${route.method} ${normalise(route.path)}`);
    const undocumented = served.filter(
      (route) =>
        !documented.has(route) && !route.startsWith("GET /api/openapi.json") && !route.startsWith("GET /api/docs"),
    );
    expect(undocumented).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(20);
  });

  it("documents the public contract's paths, and only those: each route declares its path from its feature's schema.ts", async () => {
    const doc = (await t.call("GET", API.openapi)).body;
    const documented = Object.keys(doc.paths);
    const contract = contractPaths(API);
    expect(documented.filter((path) => !contract.includes(path))).toEqual([`${API.staticFiles}/{file}`]);
    expect(contract.filter((path) => !documented.includes(path)).sort()).toEqual(
      [API.alert.root, API.docs, API.openapi, API.staticFiles].sort(),
    );
  });

  it("carries each route's input schema and serves a readable list", async () => {
    const doc = (await t.call("GET", API.openapi)).body;
    const rpcSchema = doc.paths[API.rpcurl.root].post.requestBody.content["application/json"].schema;
    expect(rpcSchema.required.sort()).toEqual(["name", "provider", "rpc", "wss"]);
    expect(rpcSchema.properties.provider).toMatchObject({ type: "string", maxLength: 100 });
    const docs = await t.app.request(API.docs);
    expect(docs.headers.get("content-type")).toContain("text/html");
    const html = await docs.text();
    expect(html).toContain("/api/rpcurl/edit");
    expect(html).toContain("Delete an RPC URL (owner or admin)");
  });
});
