import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";

const picks = vi.hoisted(() => ({ taken: [] as number[] }));

vi.mock("get-port", async (importOriginal) => {
  const original = (await importOriginal<typeof import("get-port")>()).default;
  return { default: (options?: Parameters<typeof original>[0]) => picks.taken.shift() ?? original(options) };
});

const blockOf = (anvil: Anvil) =>
  createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) }).getBlockNumber();

describe("starting anvil", () => {
  let other: Anvil;
  beforeAll(async () => {
    other = await startAnvil();
    await fetch(other.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x5"] }),
    });
  });
  afterAll(() => other?.stop());

  it("refuses a port another chain already listens on instead of handing out that chain", async () => {
    await expect(startAnvil({ port: other.port })).rejects.toThrow("anvil could not listen: the port was taken");
    expect(await blockOf(other)).toBe(5n);
  });

  it("picks another port when the picked one was taken in the meantime, and starts its own chain there", async () => {
    picks.taken.push(other.port, other.port);
    const anvil = await startAnvil();
    try {
      expect(picks.taken).toEqual([]);
      expect(anvil.port).not.toBe(other.port);
      expect(await blockOf(anvil)).toBe(0n);
    } finally {
      await anvil.stop();
    }
  });
});
