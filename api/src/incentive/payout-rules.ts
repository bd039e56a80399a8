import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import type { HintDecision, HintReceipt } from "../stake/schema.ts";
import { dateKeyOf } from "./calendar.ts";
import type { IncentiveStatus } from "./rules.ts";

/** Spec 2, 8 and 9's payout rules, pure: what is payable, the payRewards batches and payout hints. Amounts are wei. */

/** Spec 2: only UnPaid rows whose token is above 0 have a box, and only they are paid. */
export const isPayable = (row: { status: IncentiveStatus; token: bigint | string }) =>
  row.status === INCENTIVE_STATUS.unPaid && BigInt(row.token) > 0n;

/**
 * How long a Pay Now plan holds its incentives at most: its batches are sent and mined within minutes, and a plan whose
 * window was closed before it gave them back frees them after this.
 */
export const PAYOUT_RESERVATION_MINUTES = 10;

/** Spec 9's gas for a bulk payout transaction. */
export const PAYOUT_GAS = 2_100_000n;
/**
 * Entries in one payRewards call: an entry costs about 55,000 gas on StakingRewards when it pays a new
 * holder (a new paid-key slot, the pool update, the event and the token transfer), so 30 use about
 * 1.64 million and stay inside spec 9's 2,100,000 (the chain test pays a full batch with that gas).
 */
export const PAYOUT_BATCH_SIZE = 30;

/** The arguments of one payRewards call. */
export interface PayoutBatch<Id> {
  ids: Id[];
  wallets: string[];
  amounts: bigint[];
  dates: bigint[];
  nodes: string[];
  total: bigint;
}

/** Payable rows split into payRewards calls of at most `size` entries, in the given order. */
export function payoutBatches<Id>(
  rows: readonly { id: Id; wallet: string; node: string; date: string; token: bigint }[],
  size = PAYOUT_BATCH_SIZE,
): PayoutBatch<Id>[] {
  const batches: PayoutBatch<Id>[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size);
    batches.push({
      ids: slice.map((row) => row.id),
      wallets: slice.map((row) => row.wallet),
      amounts: slice.map((row) => row.token),
      dates: slice.map((row) => BigInt(dateKeyOf(row.date))),
      nodes: slice.map((row) => row.node),
      total: slice.reduce((sum, row) => sum + row.token, 0n),
    });
  }
  return batches;
}

/** Spec 8: refuse a payout before sending when the reward pool holds less than the selection's total. */
export const rewardPoolShort = (pool: bigint, total: bigint) => pool < total;

/**
 * Pay Now's summary, shown before anything is asked: how many incentives and wallets, the exact total, the
 * payRewards transactions payoutBatches will make, and the pool after payment or, when the pool is short
 * (rewardPoolShort), by how much. `pool` is the API's reward balance (indexed from the chain).
 */
export function payoutSummary(
  rows: readonly { wallet: string; token: bigint }[],
  pool: bigint,
  size = PAYOUT_BATCH_SIZE,
) {
  const total = rows.reduce((sum, row) => sum + row.token, 0n);
  const short = rewardPoolShort(pool, total);
  return {
    incentives: rows.length,
    recipients: new Set(rows.map((row) => row.wallet.toLowerCase())).size,
    total,
    transactions: Math.ceil(rows.length / size),
    pool,
    poolAfter: short ? null : pool - total,
    shortfall: short ? total - pool : 0n,
  };
}

export const PAYOUT_HINT_MESSAGES = {
  payoutHintNotIndexed: "No payout with this hash has been indexed: it is unknown, or not yet mined and indexed",
  payoutHintPending: "This transaction is mined but not indexed yet: try again in a moment",
  payoutHintFailed: "This transaction failed on the chain: nothing was paid",
  payoutHintNoPayment: "This transaction paid no incentives",
} as const;

/**
 * Whether a payout hint is backed by the chain: the indexer has reward payments of the transaction.
 * Without any, `receipt` (the chain's, null when it has none) tells an unknown hash, a failed
 * transaction, one not indexed yet and one that paid nothing.
 */
export function decidePayoutHint(payments: number, receipt: HintReceipt | null): HintDecision {
  if (payments > 0) return { ok: true };
  if (receipt === null) return { ok: false, code: "notFound", reason: PAYOUT_HINT_MESSAGES.payoutHintNotIndexed };
  if (receipt.status === "reverted")
    return { ok: false, code: "conflict", reason: PAYOUT_HINT_MESSAGES.payoutHintFailed };
  return {
    ok: false,
    code: "conflict",
    reason: receipt.indexed ? PAYOUT_HINT_MESSAGES.payoutHintNoPayment : PAYOUT_HINT_MESSAGES.payoutHintPending,
  };
}
