import { describe, expect, it } from "vitest";
import { incentiveMessages } from "../messages";
import { sendBatches, unpaidBatches } from "./send-batches";

describe("sendBatches (Pay Now's batches, one after the other)", () => {
  it("sends every batch and says whether every row shows paid", async () => {
    const sent: number[] = [];
    const outcome = await sendBatches([1, 2, 3], async (batch) => {
      sent.push(batch);
      return batch !== 2;
    });
    expect(sent).toEqual([1, 2, 3]);
    expect(outcome).toEqual({ allPaid: false, unsent: null, failed: null });
  });

  it("stops at a failed batch and answers the batches after it, never sent", async () => {
    const sent: number[] = [];
    const rejected = new Error("rejected in the wallet");
    const outcome = await sendBatches([1, 2, 3, 4], async (batch) => {
      sent.push(batch);
      if (batch === 2) throw rejected;
      return true;
    });
    expect(sent).toEqual([1, 2]);
    expect(outcome).toEqual({ allPaid: false, unsent: [3, 4], failed: { batch: 2, error: rejected } });
  });

  it("a failed last batch leaves nothing unsent", async () => {
    const reverted = new Error("reverted");
    expect(
      await sendBatches([1, 2], async (batch) => {
        if (batch === 2) throw reverted;
        return true;
      }),
    ).toEqual({ allPaid: false, unsent: [], failed: { batch: 2, error: reverted } });
  });

  it("the admin is told the unsent batches in words that agree with their number", () => {
    expect(incentiveMessages.batchesNotSent(1, 2, 1, "5")).toBe(
      "Pay Now stopped: the last of 2 batches (1 incentive, 5 PLI) was not paid. It stays UnPaid: select it and press Pay Now again.",
    );
    expect(incentiveMessages.batchesNotSent(1, 3, 30, "5")).toBe(
      "Pay Now stopped: the last of 3 batches (30 incentives, 5 PLI) was not paid. They stay UnPaid: select them and press Pay Now again.",
    );
    expect(incentiveMessages.batchesNotSent(2, 3, 60, "10")).toBe(
      "Pay Now stopped: the last 2 of 3 batches (60 incentives, 10 PLI) were not paid. They stay UnPaid: select them and press Pay Now again.",
    );
  });

  it("a failure whose transaction may still be mined keeps its batch out of the unpaid ones; any other failure's batch is unpaid", async () => {
    const unknown = new Error("sent, outcome not known");
    const failedOn = (batch: number, error: Error) =>
      sendBatches([1, 2, 3], async (sent) => {
        if (sent === batch) throw error;
        return true;
      });
    const mayBePaid = (error: unknown) => error === unknown;
    expect(unpaidBatches(await failedOn(2, unknown), mayBePaid)).toEqual([3]);
    expect(unpaidBatches(await failedOn(2, new Error("rejected")), mayBePaid)).toEqual([2, 3]);
    expect(unpaidBatches(await failedOn(1, new Error("refused before signing")), mayBePaid)).toEqual([1, 2, 3]);
    expect(unpaidBatches(await sendBatches([1, 2], async () => true), mayBePaid)).toEqual([]);
  });
});
