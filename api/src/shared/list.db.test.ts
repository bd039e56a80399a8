import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { rpcUrlsMatching } from "../rpcurl/repository.ts";
import { pageOf, rowsOf } from "./list.ts";

let t: TestApp;
const OWNER = "00000000-0000-4000-8000-000000000001";
const ROWS = 257;

beforeAll(async () => {
  t = await createTestApp();
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    owner_type: "user" as const,
    owner_id: OWNER,
    name: `Node ${String(i).padStart(3, "0")}`,
    provider: i % 3 === 0 ? "Vultr" : "AWS",
    rpc: `https://rpc${i}.example.com`,
    wss: `wss://ws${i}.example.com`,
  }));
  await t.db.insertInto("app.rpc_url").values(rows).execute();
});
afterAll(() => t?.close());

describe("list helper", () => {
  it("pages a filtered query and counts the whole filter", async () => {
    const filtered = rpcUrlsMatching(t.db, { q: "vultr", ownerId: OWNER });
    const { rows, total } = await pageOf(filtered, (query) => query.selectAll().orderBy("name"), {
      page: 3,
      limit: 10,
    });
    expect(total).toBe(Math.ceil(ROWS / 3));
    expect(rows.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Node ${String((20 + i) * 3).padStart(3, "0")}`),
    );
  });

  it("streams every matching row through a cursor, across chunk boundaries, in order", async () => {
    const seen: string[] = [];
    for await (const row of rowsOf(rpcUrlsMatching(t.db, { q: "", ownerId: OWNER }).select("name").orderBy("name"), 40))
      seen.push(row.name);
    expect(seen).toHaveLength(ROWS);
    expect(seen).toEqual([...seen].sort());
    const vultr: string[] = [];
    for await (const row of rowsOf(rpcUrlsMatching(t.db, { q: "VULTR", ownerId: OWNER }).select("name"), 7))
      vultr.push(row.name);
    expect(vultr).toHaveLength(Math.ceil(ROWS / 3));
  });

  it("treats LIKE wildcards in the search as text", async () => {
    const { total } = await pageOf(rpcUrlsMatching(t.db, { q: "%", ownerId: OWNER }), (query) => query.selectAll(), {
      page: 1,
      limit: 5,
    });
    expect(total).toBe(0);
  });
});
