import { describe, expect, it } from "vitest";
import { parsePli as pli } from "../shared/pli.ts";
import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import {
  decidePayoutHint,
  isPayable,
  PAYOUT_BATCH_SIZE,
  PAYOUT_HINT_MESSAGES,
  payoutBatches,
  payoutSummary,
  rewardPoolShort,
} from "./payout-rules.ts";

describe("payouts", () => {
  it("only UnPaid rows with a token above 0 are payable", () => {
    expect(isPayable({ status: INCENTIVE_STATUS.unPaid, token: "1" })).toBe(true);
    expect(isPayable({ status: INCENTIVE_STATUS.unPaid, token: "0" })).toBe(false);
    expect(isPayable({ status: INCENTIVE_STATUS.paid, token: 5n })).toBe(false);
  });

  it("splits a selection into payRewards calls of at most the batch size, in order, with the date keys", () => {
    const rows = Array.from({ length: PAYOUT_BATCH_SIZE * 2 + 1 }, (_, i) => ({
      id: i,
      wallet: `0xw${i}`,
      node: `0xn${i}`,
      date: "2027-04-01",
      token: BigInt(i + 1),
    }));
    const batches = payoutBatches(rows);
    expect(batches.map((batch) => batch.ids.length)).toEqual([PAYOUT_BATCH_SIZE, PAYOUT_BATCH_SIZE, 1]);
    expect(batches[2]).toEqual({
      ids: [60],
      wallets: ["0xw60"],
      amounts: [61n],
      dates: [20270401n],
      nodes: ["0xn60"],
      total: 61n,
    });
    expect(batches[0]!.total).toBe(BigInt((PAYOUT_BATCH_SIZE * (PAYOUT_BATCH_SIZE + 1)) / 2));
    expect(payoutBatches([])).toEqual([]);
  });

  it("refuses a payout the reward pool cannot cover", () => {
    expect(rewardPoolShort(pli(10), pli(10))).toBe(false);
    expect(rewardPoolShort(pli(10) - 1n, pli(10))).toBe(true);
  });
});

describe("payout hints", () => {
  it("are backed only by indexed payments of the transaction; without any, the receipt says why", () => {
    expect(decidePayoutHint(2, null)).toEqual({ ok: true });
    expect(decidePayoutHint(0, null)).toEqual({
      ok: false,
      code: "notFound",
      reason: PAYOUT_HINT_MESSAGES.payoutHintNotIndexed,
    });
    expect(decidePayoutHint(0, { status: "reverted", indexed: true })).toEqual({
      ok: false,
      code: "conflict",
      reason: PAYOUT_HINT_MESSAGES.payoutHintFailed,
    });
    expect(decidePayoutHint(0, { status: "success", indexed: false })).toEqual({
      ok: false,
      code: "conflict",
      reason: PAYOUT_HINT_MESSAGES.payoutHintPending,
    });
    expect(decidePayoutHint(0, { status: "success", indexed: true })).toEqual({
      ok: false,
      code: "conflict",
      reason: PAYOUT_HINT_MESSAGES.payoutHintNoPayment,
    });
  });
});

describe("Pay Now's summary", () => {
  const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;

  it("counts the incentives, the distinct wallets and the transactions payoutBatches makes, and the pool after", () => {
    const rows = Array.from({ length: PAYOUT_BATCH_SIZE + 1 }, (_, i) => ({ wallet: wallet(i % 3), token: pli(10) }));
    rows[0] = { wallet: wallet(0).toUpperCase().replace("0X", "0x"), token: pli(10) };
    const summary = payoutSummary(rows, pli(1_000));
    expect(summary).toEqual({
      incentives: PAYOUT_BATCH_SIZE + 1,
      recipients: 3,
      total: pli(10 * (PAYOUT_BATCH_SIZE + 1)),
      transactions: 2,
      pool: pli(1_000),
      poolAfter: pli(1_000 - 10 * (PAYOUT_BATCH_SIZE + 1)),
      shortfall: 0n,
    });
    expect(summary.transactions).toBe(
      payoutBatches(rows.map((row, id) => ({ ...row, id, node: row.wallet, date: "2027-04-01" }))).length,
    );
  });

  it("a pool equal to the total leaves 0; one wei less is short by exactly one wei, which 4 decimals hide", () => {
    const total = pli(1_500) + 1n;
    expect(payoutSummary([{ wallet: wallet(1), token: total }], total)).toMatchObject({ poolAfter: 0n, shortfall: 0n });
    expect(payoutSummary([{ wallet: wallet(1), token: total }], pli(1_500))).toMatchObject({
      total,
      poolAfter: null,
      shortfall: 1n,
    });
  });

  it("keeps every wei of 78-digit totals", () => {
    const huge = 10n ** 77n + 7n;
    const summary = payoutSummary(
      [
        { wallet: wallet(1), token: huge },
        { wallet: wallet(2), token: huge },
      ],
      huge,
    );
    expect(summary).toMatchObject({ total: 2n * huge, recipients: 2, transactions: 1, shortfall: huge });
  });
});
