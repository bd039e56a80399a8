import type { Hex, PublicClient, ReplacementReturnType, TransactionReceipt } from "viem";
import { TxFlowError } from "./tx-failure";

/** Receipts are polled every 3000 ms (spec section 9). */
export const RECEIPT_POLL_MS = 3000;
const RECEIPT_TIMEOUT_MS = 180_000;

type ReceiptReader = Pick<PublicClient, "waitForTransactionReceipt">;

/**
 * The receipt of the transaction sent as `hash`, polled every `pollingInterval` ms; no receipt (timeout, node
 * unreachable) means the outcome is not known. viem's wait rather than wagmi's, which throws a bare Error for a
 * revert: the caller decodes a revert with the contract's ABI (see minedRevert).
 *
 * A transaction the wallet replaced before it was mined (Cancel in the wallet, or another transaction with its nonce)
 * did not do what was asked, however the replacement ended: viem then answers the replacement's receipt, whose
 * success would read as this action's, so it fails as `replaced`. One only repriced (Speed up: the same call at a
 * higher fee) is the same action, and its receipt is the answer.
 */
export async function waitForReceipt(
  client: ReceiptReader,
  hash: Hex,
  pollingInterval = RECEIPT_POLL_MS,
): Promise<TransactionReceipt> {
  const seen: { replacement?: ReplacementReturnType } = {};
  const receipt = await client
    .waitForTransactionReceipt({
      hash,
      pollingInterval,
      timeout: RECEIPT_TIMEOUT_MS,
      onReplaced: (replacement) => {
        seen.replacement = replacement;
      },
    })
    .catch(() => {
      throw new TxFlowError({ kind: "unknownOutcome", hash });
    });
  const { replacement } = seen;
  if (replacement && replacement.reason !== "repriced") {
    throw new TxFlowError({
      kind: "replaced",
      hash,
      replacement: replacement.transaction.hash,
      cancelled: replacement.reason === "cancelled",
    });
  }
  return receipt;
}
