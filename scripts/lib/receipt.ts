import { TransactionReceiptNotFoundError, type Hash, type PublicClient, type TransactionReceipt } from "viem";
import { waitFor } from "./wait.ts";

/**
 * The receipt of transaction `hash`, asked for every `intervalMs` until the node has it (at most `timeoutMs`, then an
 * error naming the hash and whether the node knows the transaction). Not viem's `waitForTransactionReceipt`: after its
 * first look it asks again only when a new block appears, and anvil mines a block per transaction and then none, so a
 * receipt not yet readable when its block was first seen (anvil under load) was never asked for again and the caller
 * hung. On a chain that keeps making blocks this asks as often as viem's block watch did at the same interval.
 */
export async function receiptOf(
  client: Pick<PublicClient, "getTransactionReceipt" | "getTransaction">,
  hash: Hash,
  { timeoutMs = 60_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<TransactionReceipt> {
  try {
    return await waitFor(
      `the receipt of ${hash}`,
      () =>
        client
          .getTransactionReceipt({ hash })
          .catch((error: unknown) =>
            error instanceof TransactionReceiptNotFoundError ? undefined : Promise.reject(error),
          ),
      { timeoutMs, intervalMs },
    );
  } catch (error) {
    const known = await client.getTransaction({ hash }).then(
      () => "the node holds it unmined",
      () => "the node does not know it",
    );
    throw new Error(`${error instanceof Error ? error.message : String(error)} (${known})`, { cause: error });
  }
}
