/** What a run of payout batches came to: every batch's rows paid, and the batches a failure left unsent. */
export interface BatchesOutcome<B> {
  allPaid: boolean;
  /** Null when no batch failed; else the batches after the one that failed, which were never sent. */
  unsent: B[] | null;
  /** The batch that failed and what `send` threw, or null. */
  failed: { batch: B; error: unknown } | null;
}

/**
 * Sends `batches` one after the other through `send` (which answers whether every row of its batch shows paid, and
 * throws when its transaction failed, was rejected or has no known outcome). A failure stops the run: the batches after
 * it are not sent, and are answered so that the admin is told which stay UnPaid.
 */
export async function sendBatches<B>(
  batches: readonly B[],
  send: (batch: B, index: number) => Promise<boolean>,
): Promise<BatchesOutcome<B>> {
  let allPaid = true;
  for (const [index, batch] of batches.entries()) {
    try {
      allPaid = (await send(batch, index)) && allPaid;
    } catch (error) {
      return { allPaid: false, unsent: batches.slice(index + 1), failed: { batch, error } };
    }
  }
  return { allPaid, unsent: null, failed: null };
}

/**
 * The batches of a run that paid nothing for certain: the one that failed, unless `mayBePaid` says its failure leaves
 * that open (sent with its outcome unknown, or mined and not indexed yet), and those after it. Their rows are given
 * back to be planned again, and the admin is told they stay UnPaid.
 */
export function unpaidBatches<B>(outcome: BatchesOutcome<B>, mayBePaid: (error: unknown) => boolean): B[] {
  if (outcome.failed === null) return [];
  return [...(mayBePaid(outcome.failed.error) ? [] : [outcome.failed.batch]), ...(outcome.unsent ?? [])];
}
