import { describe, expect, it } from "vitest";
import { sendBatches } from "./send-batches";

describe("sendBatches (Pay Now's batches, one after the other)", () => {
  it("sends every batch and says whether every row shows paid", async () => {
    const sent: number[] = [];
    const outcome = await sendBatches([1, 2, 3], async (batch) => {
      sent.push(batch);
      return batch !== 2;
    });
    expect(sent).toEqual([1, 2, 3]);
    expect(outcome).toEqual({ allPaid: false, unsent: null });
  });

  it("stops at a failed batch and answers the batches after it, never sent", async () => {
    const sent: number[] = [];
    const outcome = await sendBatches([1, 2, 3, 4], async (batch) => {
      sent.push(batch);
      if (batch === 2) throw new Error("rejected in the wallet");
      return true;
    });
    expect(sent).toEqual([1, 2]);
    expect(outcome).toEqual({ allPaid: false, unsent: [3, 4] });
  });

  it("a failed last batch leaves nothing unsent", async () => {
    expect(
      await sendBatches([1, 2], async (batch) => {
        if (batch === 2) throw new Error("reverted");
        return true;
      }),
    ).toEqual({ allPaid: false, unsent: [] });
  });
});
