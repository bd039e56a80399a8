import type { TransactionReceipt } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexedThrough } from "./indexed-block";

const receipt = { blockNumber: 120n } as TransactionReceipt;
const health = (block: number | null) => ({
  status: "ok",
  database: { ok: true },
  chain: { ok: true, chainId: 31337, head: 125 },
  indexer: { ok: block !== null, block, lag: block === null ? null : 125 - block },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("indexedThrough", () => {
  it("is true only once the portal's indexer has processed the transaction's block", async () => {
    for (const [block, expected] of [
      [119, false],
      [120, true],
      [124, true],
      [null, false],
    ] as const) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => Response.json(health(block))),
      );
      await expect(indexedThrough(receipt)).resolves.toBe(expected);
    }
  });
});
