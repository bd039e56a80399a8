import type { Hex } from "viem";
import type { TxFailure } from "./tx-failure";

/** The stages every chain action goes through; `indexed` only when the caller waits for the portal. */
export const TX_STAGES = ["wallet", "submitted", "mined", "indexed"] as const;
export type TxStage = (typeof TX_STAGES)[number];

export interface TxState {
  status: "idle" | "running" | "done" | "failed";
  stage: TxStage;
  label: string;
  waitsForIndex: boolean;
  hash?: Hex;
  failure?: TxFailure;
}

export type TxEvent =
  | { type: "start"; label: string; waitsForIndex: boolean }
  | { type: "submitted"; hash: Hex }
  | { type: "mined" }
  | { type: "indexed" }
  | { type: "done" }
  | { type: "failed"; failure: TxFailure }
  | { type: "reset" };

export const TX_IDLE: TxState = { status: "idle", stage: "wallet", label: "", waitsForIndex: false };

const NEXT: Partial<Record<TxEvent["type"], { from: TxStage; to: TxStage }>> = {
  submitted: { from: "wallet", to: "submitted" },
  mined: { from: "submitted", to: "mined" },
  indexed: { from: "mined", to: "indexed" },
};

/**
 * The transaction's progress as a pure state machine: stages only move forward, one at a time, and
 * only while running; a failure keeps the stage it happened at and the hash once there is one.
 */
export function txReducer(state: TxState, event: TxEvent): TxState {
  switch (event.type) {
    case "start":
      return { status: "running", stage: "wallet", label: event.label, waitsForIndex: event.waitsForIndex };
    case "reset":
      return TX_IDLE;
    case "failed":
      return state.status === "running" ? { ...state, status: "failed", failure: event.failure } : state;
    case "done": {
      const last: TxStage = state.waitsForIndex ? "indexed" : "mined";
      return state.status === "running" && state.stage === last ? { ...state, status: "done" } : state;
    }
    default: {
      const step = NEXT[event.type];
      if (state.status !== "running" || !step || state.stage !== step.from) return state;
      if (event.type === "indexed" && !state.waitsForIndex) return state;
      return { ...state, stage: step.to, ...(event.type === "submitted" ? { hash: event.hash } : {}) };
    }
  }
}

/** The stages shown for this transaction (no `indexed` when nothing waits for the portal). */
export const visibleStages = (state: TxState): TxStage[] =>
  TX_STAGES.filter((stage) => stage !== "indexed" || state.waitsForIndex);

/**
 * How many stages are complete: the wallet prompt is complete once the hash is known, and a stage
 * named after an event (submitted, mined, indexed) is complete once that event happened.
 */
export function completedStages(state: TxState): number {
  const stages = visibleStages(state);
  if (state.status === "done") return stages.length;
  if (state.status === "idle" || state.stage === "wallet") return 0;
  return stages.indexOf(state.stage) + 1;
}
