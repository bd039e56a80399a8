import type { TransactionReceipt } from "viem";
import { api, ok } from "@/shared/api/http";

/**
 * An `indexed` check for the transaction flow: true once the portal's indexer has processed the
 * transaction's block, so whatever the API reads from the chain views already includes it.
 */
export async function indexedThrough(receipt: TransactionReceipt): Promise<boolean> {
  const health = await ok(api.health.$get());
  return health.indexer.block !== null && BigInt(health.indexer.block) >= receipt.blockNumber;
}
