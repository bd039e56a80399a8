import type { TransactionReceipt } from "viem";
import { api, HttpError, ok } from "@/shared/api/http";
import { latestLiveBlock } from "@/shared/live/live-store";

/**
 * An `indexed` check for the transaction flow: true once the portal's indexer has processed the
 * transaction's block, so whatever the API reads from the chain views already includes it. The live
 * stream's newest block answers at once; otherwise the API's health says how far the indexer is.
 */
export async function indexedThrough(receipt: TransactionReceipt): Promise<boolean> {
  const announced = latestLiveBlock();
  if (announced !== null && BigInt(announced) >= receipt.blockNumber) return true;
  const health = await ok(api.health.$get());
  return health.indexer.block !== null && BigInt(health.indexer.block) >= receipt.blockNumber;
}

/**
 * An `indexed` check that hints the transaction to the API: done once the API accepts the hint, which it does once it
 * has indexed the transaction (404 until then, so the flow asks again).
 */
export const hintedOnceIndexed =
  (hint: (hash: TransactionReceipt["transactionHash"]) => Promise<unknown>) =>
  async (receipt: TransactionReceipt): Promise<boolean> => {
    try {
      await hint(receipt.transactionHash);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return false;
      throw error;
    }
  };
