import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";
import { portSource } from "../../scripts/lib/ports.ts";

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
    const pick = vi.spyOn(portSource, "pick").mockResolvedValueOnce(other.port).mockResolvedValueOnce(other.port);
    const anvil = await startAnvil();
    try {
      expect(pick).toHaveBeenCalledTimes(3);
      expect(anvil.port).not.toBe(other.port);
      expect(await blockOf(anvil)).toBe(0n);
    } finally {
      pick.mockRestore();
      await anvil.stop();
    }
  });
});
