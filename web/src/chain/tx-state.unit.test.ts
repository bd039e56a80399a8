import { describe, expect, it } from "vitest";
import { completedStages, TX_IDLE, txReducer, visibleStages, type TxEvent, type TxState } from "./tx-state";

const HASH = "0x2222222222222222222222222222222222222222222222222222222222222222";
const run = (events: TxEvent[], from: TxState = TX_IDLE) => events.reduce(txReducer, from);
const start = (waitsForIndex: boolean): TxEvent => ({ type: "start", label: "Set the minimum stake", waitsForIndex });

describe("txReducer", () => {
  it("walks wallet -> submitted -> mined -> indexed -> done when the caller waits for the portal", () => {
    const states = [
      start(true),
      { type: "submitted", hash: HASH },
      { type: "mined" },
      { type: "indexed" },
      { type: "done" },
    ].reduce<TxState[]>((all, event) => [...all, txReducer(all.at(-1) ?? TX_IDLE, event as TxEvent)], []);
    expect(states.map((s) => `${s.status}:${s.stage}`)).toEqual([
      "running:wallet",
      "running:submitted",
      "running:mined",
      "running:indexed",
      "done:indexed",
    ]);
    expect(states.at(-1)?.hash).toBe(HASH);
  });

  it("finishes at mined when nothing waits for the portal, and ignores an indexed event", () => {
    const mined = run([start(false), { type: "submitted", hash: HASH }, { type: "mined" }]);
    expect(txReducer(mined, { type: "indexed" })).toBe(mined);
    expect(txReducer(mined, { type: "done" }).status).toBe("done");
  });

  it("never skips or repeats a stage, and ignores events when idle", () => {
    const started = run([start(true)]);
    expect(txReducer(started, { type: "mined" })).toBe(started);
    expect(txReducer(started, { type: "done" })).toBe(started);
    const submitted = txReducer(started, { type: "submitted", hash: HASH });
    expect(txReducer(submitted, { type: "submitted", hash: HASH })).toBe(submitted);
    expect(txReducer(TX_IDLE, { type: "submitted", hash: HASH })).toBe(TX_IDLE);
  });

  it("keeps the stage and hash of a failure, and a new start clears it", () => {
    const failed = run([
      start(true),
      { type: "submitted", hash: HASH },
      { type: "failed", failure: { kind: "unknownOutcome", hash: HASH } },
    ]);
    expect(failed).toMatchObject({
      status: "failed",
      stage: "submitted",
      hash: HASH,
      failure: { kind: "unknownOutcome" },
    });
    expect(txReducer(failed, { type: "mined" })).toBe(failed);
    expect(txReducer(failed, start(false))).toEqual({
      status: "running",
      stage: "wallet",
      label: "Set the minimum stake",
      waitsForIndex: false,
    });
    expect(txReducer(failed, { type: "reset" })).toBe(TX_IDLE);
  });
});

describe("completedStages", () => {
  it("counts what is done for the progress display", () => {
    expect(completedStages(run([start(true)]))).toBe(0);
    expect(completedStages(run([start(true), { type: "submitted", hash: HASH }]))).toBe(2);
    expect(completedStages(run([start(true), { type: "submitted", hash: HASH }, { type: "mined" }]))).toBe(3);
    expect(
      completedStages(run([start(false), { type: "submitted", hash: HASH }, { type: "mined" }, { type: "done" }])),
    ).toBe(3);
    expect(visibleStages(run([start(false)]))).toEqual(["wallet", "submitted", "mined"]);
  });
});
