import type { Context } from "ponder:registry";
import { feedPrice } from "ponder:schema";
import { aggregatorV3Abi } from "@pli/abis";
import { parseIndexerEnv } from "../env.ts";

const feed = parseIndexerEnv(process.env).PRICE_FEED_ADDRESS;

/**
 * Keeps the price feed's latest round as it stood at the event's block (`blockNumber`), once per block. The round is
 * read at that block rather than followed through its events: behind a proxy the events come from the underlying
 * aggregator, and a read gives the price in force at the payment whatever was added later. A feed that has no answer
 * yet (or no code) at that block leaves the block without a price rather than stopping the indexer: its empty answer
 * is not retried (Ponder would retry it nine times with a doubling wait, about two minutes a block). The reads name no
 * block: Ponder reads at the event's own, and only then learns them and sends them before the block's transaction
 * with its other prefetches (a read naming its block is never predicted, so each waited inside the transaction for a
 * cache lookup and the node).
 */
export async function keepPriceAt(context: Context, blockNumber: bigint): Promise<void> {
  if (!feed || (await context.db.find(feedPrice, { blockNumber }))) return;
  const read = { address: feed, abi: aggregatorV3Abi, retryEmptyResponse: false } as const;
  let round: readonly [bigint, bigint, bigint, bigint, bigint];
  let decimals: number;
  try {
    [round, decimals] = await Promise.all([
      context.client.readContract({ ...read, functionName: "latestRoundData" }),
      context.client.readContract({ ...read, functionName: "decimals" }),
    ]);
  } catch {
    return;
  }
  const [roundId, answer, , updatedAt] = round;
  if (answer <= 0n) return;
  await context.db.insert(feedPrice).values({
    blockNumber,
    feed: feed.toLowerCase() as `0x${string}`,
    roundId,
    answer,
    decimals,
    updatedAt: new Date(Number(updatedAt) * 1000),
  });
}
