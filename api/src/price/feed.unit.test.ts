import type { PublicClient } from "viem";
import { expect, it, vi } from "vitest";
import { FEED_READ_TIMEOUT_MS, latestRound } from "./feed.ts";

const log = { warn: vi.fn() } as unknown as Parameters<typeof latestRound>[0]["log"];

it("gives no price, rather than waiting, when the feed's RPC does not answer within the read timeout", async () => {
  vi.useFakeTimers();
  try {
    const silent = { readContract: () => new Promise(() => undefined) } as unknown as PublicClient;
    const config = { PRICE_FEED_ADDRESS: "0x00000000000000000000000000000000000f0ed1" } as const;
    const round = latestRound({ config, chain: silent, log });
    await vi.advanceTimersByTimeAsync(FEED_READ_TIMEOUT_MS);
    await expect(round).resolves.toBeNull();
    expect(FEED_READ_TIMEOUT_MS).toBeLessThanOrEqual(5000);
  } finally {
    vi.useRealTimers();
  }
});

it("reads each chain's own feed when two chains have a feed at the same address", async () => {
  const config = { PRICE_FEED_ADDRESS: "0x00000000000000000000000000000000000f0ed2" } as const;
  const chainWithAnswer = (answer: bigint) =>
    ({
      readContract: ({ functionName }: { functionName: string }) =>
        Promise.resolve(functionName === "decimals" ? 8 : [7n, answer, 0n, 1_700_000_000n, 7n]),
    }) as unknown as PublicClient;
  const first = await latestRound({ config, chain: chainWithAnswer(4_000_000n), log });
  const second = await latestRound({ config, chain: chainWithAnswer(5_000_000n), log });
  expect(first?.answer).toBe(4_000_000n);
  expect(second?.answer).toBe(5_000_000n);
});
