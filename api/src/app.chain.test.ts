import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";
import { createTestApp } from "../test/app-fixture.ts";
import type { Health } from "./health/schema.ts";
import { ensureDefaultSettings } from "./setting/repository.ts";

let anvil: Anvil;
let fixture: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  anvil = await startAnvil();
  fixture = await createTestApp({ rpcUrl: anvil.rpcUrl });
});
afterAll(async () => {
  await fixture?.close();
  await anvil?.stop();
});

describe("health", () => {
  it("reports the database and chain head, and 503 while no indexer has run", async () => {
    const response = await fixture.app.request("/api/health");
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "degraded",
      database: { ok: true },
      chain: { ok: true, chainId: 31337, head: 0 },
      indexer: { ok: false, block: null, lag: null },
    });
  });

  it("reports the chain as down when its RPC does not answer", async () => {
    const down = await createTestApp();
    try {
      const body = (await (await down.app.request("/api/health")).json()) as Health;
      expect(body.chain).toEqual({ ok: false, chainId: 31337, head: null, endpoint: null });
      expect(body.database.ok).toBe(true);
    } finally {
      await down.close();
    }
  });
});

describe("chain config", () => {
  it("gives the web app the chain id, RPC URL and contract addresses", async () => {
    const body = await (await fixture.app.request("/api/config")).json();
    expect(body).toMatchObject({
      chainId: 31337,
      rpcUrl: anvil.rpcUrl,
      contracts: { pliToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3" },
    });
  });
});

describe("error contract", () => {
  it("answers an unknown route with 404 and the error shape", async () => {
    const response = await fixture.app.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("answers an oversized body with 413", async () => {
    const body = "x".repeat(fixture.config.BODY_LIMIT_BYTES + 1);
    const response = await fixture.app.request("/api/health", {
      method: "POST",
      body,
      headers: { "content-type": "text/plain", "content-length": String(body.length) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Request body too large" });
  });

  it("answers an unexpected failure with 500, an id and no stack, and logs the stack under that id", async () => {
    const fresh = await createTestApp();
    try {
      fresh.app.get("/api/test-failure", () => {
        throw new Error("secret detail");
      });
      const response = await fresh.app.request("/api/test-failure");
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: string; id: string };
      expect(Object.keys(body).sort()).toEqual(["error", "id"]);
      expect(JSON.stringify(body)).not.toContain("secret detail");
      expect(fresh.logs.text()).toContain("secret detail");
    } finally {
      await fresh.close();
    }
  });
});

describe("migrations and default settings", () => {
  it("creates the app schema with default settings once", async () => {
    expect(await ensureDefaultSettings(fixture.db)).toBe(false);
    const rows = await fixture.db.selectFrom("app.setting").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ multiply_of: "1000", incentive_percentage: "2.500" });
  });
});
