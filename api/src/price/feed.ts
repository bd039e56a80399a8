import type { PublicClient } from "viem";
import { aggregatorV3Abi } from "@pli/abis";
import type { Config } from "../config.ts";
import type { Log } from "../shared/logger.ts";
import type { PriceRound } from "./rules.ts";

/** How long a read of the feed's latest round (or its failure) is given again, so a dashboard adds no RPC call. */
const LATEST_TTL_MS = 30_000;

/** How long a read of the feed may take: a feed RPC that does not answer must not hold up a dashboard. */
export const FEED_READ_TIMEOUT_MS = 3000;
/**
 * The latest reads, per chain client and feed: two APIs in one process (tests, or two chains) with a feed at the same
 * address (a deterministic deployment) each read their own chain.
 */
const cache = new WeakMap<PublicClient, Map<string, { at: number; round: Promise<PriceRound | null> }>>();

async function readLatest(chain: PublicClient, feed: `0x${string}`, log: Log): Promise<PriceRound | null> {
  try {
    let timer: NodeJS.Timeout | undefined;
    const [[roundId, answer, , updatedAt], decimals] = await Promise.race([
      Promise.all([
        chain.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "latestRoundData" }),
        chain.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "decimals" }),
      ]),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${FEED_READ_TIMEOUT_MS} ms`)),
          FEED_READ_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    if (answer <= 0n) return null;
    return { roundId, answer, decimals, updatedAt: new Date(Number(updatedAt) * 1000) };
  } catch (error) {
    log.warn({ err: error, feed }, "price feed unreadable");
    return null;
  }
}

/**
 * The feed's latest round, or null without PRICE_FEED_ADDRESS or while the feed cannot be read (no USD then, rather
 * than a failed answer). Read at most every 30 s per feed.
 */
export function latestRound(
  deps: { config: Pick<Config, "PRICE_FEED_ADDRESS">; chain: PublicClient; log: Log },
  now = Date.now(),
): Promise<PriceRound | null> {
  const feed = deps.config.PRICE_FEED_ADDRESS;
  if (!feed) return Promise.resolve(null);
  let reads = cache.get(deps.chain);
  if (!reads) cache.set(deps.chain, (reads = new Map()));
  const kept = reads.get(feed);
  if (kept && now - kept.at < LATEST_TTL_MS) return kept.round;
  const round = readLatest(deps.chain, feed as `0x${string}`, deps.log);
  reads.set(feed, { at: now, round });
  return round;
}
