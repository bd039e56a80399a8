import { describe, expect, it } from "vitest";
import { LIMITS, NODE_STATUS, STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import {
  canAddNode,
  countsTowardLimit,
  decideTransition,
  hardwareVerdict,
  NODE_DELETED,
  NODE_STATUSES,
  notesFor,
  REVIEW_STATUSES,
  reputationScore,
  reputationTone,
  reputationViewable,
  stoppedAnswering,
  TRANSITION_MESSAGES,
  windowStart,
  type Actor,
  type NodeFacts,
  type NodeAction,
} from "./rules.ts";

const STAKES: (StakeStatus | null)[] = [null, STAKE_STATUS.stake, STAKE_STATUS.unlock, STAKE_STATUS.withdraw];
const chain = (stakeStatus: StakeStatus | null = null, whitelisted = false): NodeFacts => ({
  stakeStatus,
  whitelisted,
});
const ACTORS: Actor[] = ["user", "admin", "system"];
const ACTIONS: NodeAction[] = [
  ...REVIEW_STATUSES.map((to) => ({ kind: "review", to }) as const),
  { kind: "resubmit" },
  { kind: "toggle", to: NODE_STATUS.deActive },
  { kind: "toggle", to: NODE_STATUS.active },
  { kind: "stakeSeen" },
  { kind: "delete" },
];

describe("node transitions", () => {
  it("lets only the right actor try each action", () => {
    const mayTry = {
      review: ["admin"],
      resubmit: ["user"],
      toggle: ["user", "admin"],
      stakeSeen: ["system"],
      delete: ["admin"],
    };
    for (const action of ACTIONS) {
      for (const actor of ACTORS) {
        for (const from of NODE_STATUSES) {
          const decision = decideTransition(action, actor, from, chain(STAKE_STATUS.stake, true));
          const refusedForRole = !decision.allowed && decision.reason === TRANSITION_MESSAGES.notAllowed;
          expect(refusedForRole, `${actor} ${action.kind} from ${from}`).toBe(!mayTry[action.kind].includes(actor));
        }
      }
    }
  });

  it("admin review: any of Pending, Verified, Return, Approved in any order, never on an Active or De-Active node", () => {
    for (const from of NODE_STATUSES) {
      for (const to of REVIEW_STATUSES) {
        const decision = decideTransition({ kind: "review", to }, "admin", from, chain(null, true));
        if (from === NODE_STATUS.active || from === NODE_STATUS.deActive)
          expect(decision).toEqual({ allowed: false, reason: TRANSITION_MESSAGES.reviewLocked });
        else expect(decision).toEqual({ allowed: true, to });
      }
    }
  });

  it("no review while the chain holds a stake on the node (Stake or Unlock), whatever the status it came from", () => {
    for (const from of [NODE_STATUS.pending, NODE_STATUS.verified, NODE_STATUS.return, NODE_STATUS.approved]) {
      for (const to of REVIEW_STATUSES) {
        for (const stake of STAKES) {
          const decision = decideTransition({ kind: "review", to }, "admin", from, chain(stake, true));
          expect(decision, `${from} -> ${to} with ${stake}`).toEqual(
            stake === STAKE_STATUS.stake || stake === STAKE_STATUS.unlock
              ? { allowed: false, reason: TRANSITION_MESSAGES.reviewWhileStaked }
              : { allowed: true, to },
          );
        }
      }
    }
  });

  it("an operator cannot make Active a node an admin De-Activated; an admin can, and either undoes the operator's", () => {
    const facts = (deActivatedBy: "user" | "admin" | null) => ({ ...chain(STAKE_STATUS.stake), deActivatedBy });
    const activate = (actor: Actor, deActivatedBy: "user" | "admin" | null) =>
      decideTransition({ kind: "toggle", to: NODE_STATUS.active }, actor, NODE_STATUS.deActive, facts(deActivatedBy));
    expect(activate("user", "admin")).toEqual({ allowed: false, reason: TRANSITION_MESSAGES.activateAfterAdmin });
    expect(activate("admin", "admin")).toEqual({ allowed: true, to: NODE_STATUS.active });
    for (const actor of ["user", "admin"] as const) {
      expect(activate(actor, "user")).toEqual({ allowed: true, to: NODE_STATUS.active });
      expect(activate(actor, null)).toEqual({ allowed: true, to: NODE_STATUS.active });
    }
  });

  it("Approved only once (wallet, node) is whitelisted on chain", () => {
    for (const from of [NODE_STATUS.pending, NODE_STATUS.verified, NODE_STATUS.return, NODE_STATUS.approved]) {
      expect(decideTransition({ kind: "review", to: NODE_STATUS.approved }, "admin", from, chain(null, false))).toEqual(
        { allowed: false, reason: TRANSITION_MESSAGES.notWhitelisted },
      );
      expect(decideTransition({ kind: "review", to: NODE_STATUS.approved }, "admin", from, chain(null, true))).toEqual({
        allowed: true,
        to: NODE_STATUS.approved,
      });
    }
    expect(decideTransition({ kind: "review", to: NODE_STATUS.return }, "admin", NODE_STATUS.pending, chain())).toEqual(
      { allowed: true, to: NODE_STATUS.return },
    );
  });

  it("the owner resubmits only a Return node, and it goes back to Pending", () => {
    for (const from of NODE_STATUSES) {
      const decision = decideTransition({ kind: "resubmit" }, "user", from, chain());
      expect(decision).toEqual(
        from === NODE_STATUS.return
          ? { allowed: true, to: NODE_STATUS.pending }
          : { allowed: false, reason: TRANSITION_MESSAGES.resubmitOnlyReturn },
      );
    }
  });

  it("Make De-Active only on Active; Make Active only on De-Active with the stake in Stake", () => {
    for (const actor of ["user", "admin"] as const) {
      for (const from of NODE_STATUSES) {
        for (const stake of STAKES) {
          const off = decideTransition({ kind: "toggle", to: NODE_STATUS.deActive }, actor, from, chain(stake));
          expect(off.allowed, `${from} off`).toBe(from === NODE_STATUS.active);
          const on = decideTransition({ kind: "toggle", to: NODE_STATUS.active }, actor, from, chain(stake));
          expect(on.allowed, `${from} on with ${stake}`).toBe(
            from === NODE_STATUS.deActive && stake === STAKE_STATUS.stake,
          );
        }
      }
    }
    expect(
      decideTransition(
        { kind: "toggle", to: NODE_STATUS.active },
        "user",
        NODE_STATUS.deActive,
        chain(STAKE_STATUS.unlock),
      ),
    ).toEqual({ allowed: false, reason: TRANSITION_MESSAGES.activateNeedsStake });
    expect(
      decideTransition(
        { kind: "toggle", to: NODE_STATUS.active },
        "admin",
        NODE_STATUS.approved,
        chain(STAKE_STATUS.stake),
      ),
    ).toEqual({ allowed: false, reason: TRANSITION_MESSAGES.activateOnlyDeActive });
  });

  it("Approved becomes Active (system) only when the stake is Stake", () => {
    for (const from of NODE_STATUSES) {
      for (const stake of STAKES) {
        const decision = decideTransition({ kind: "stakeSeen" }, "system", from, chain(stake, true));
        expect(decision.allowed, `${from} with ${stake}`).toBe(
          from === NODE_STATUS.approved && stake === STAKE_STATUS.stake,
        );
      }
    }
  });

  it("delete is refused while the stake is Stake or Unlock, whatever the status", () => {
    for (const from of NODE_STATUSES) {
      for (const stake of STAKES) {
        const decision = decideTransition({ kind: "delete" }, "admin", from, chain(stake));
        if (stake === STAKE_STATUS.stake || stake === STAKE_STATUS.unlock)
          expect(decision).toEqual({ allowed: false, reason: TRANSITION_MESSAGES.deleteWhileStaked });
        else expect(decision).toEqual({ allowed: true, to: NODE_DELETED });
      }
    }
  });

  it("keeps admin notes only with Return", () => {
    expect(notesFor(NODE_STATUS.return, "fix the IP")).toBe("fix the IP");
    for (const to of [NODE_STATUS.pending, NODE_STATUS.verified, NODE_STATUS.approved])
      expect(notesFor(to, "fix the IP")).toBe("");
  });
});

describe("node limit", () => {
  it("counts every node but a De-Active one, and a staked De-Active one too", () => {
    for (const status of NODE_STATUSES) {
      for (const stake of STAKES)
        expect(countsTowardLimit(status, stake)).toBe(status !== NODE_STATUS.deActive || stake === STAKE_STATUS.stake);
    }
    const pending = { status: NODE_STATUS.pending, stakeStatus: null };
    const retired = { status: NODE_STATUS.deActive, stakeStatus: STAKE_STATUS.withdraw };
    const stakedOff = { status: NODE_STATUS.deActive, stakeStatus: STAKE_STATUS.stake };
    expect(canAddNode([pending])).toBe(true);
    expect(canAddNode([pending, retired, retired])).toBe(true);
    expect(canAddNode([pending, stakedOff])).toBe(false);
    expect(canAddNode([pending, pending])).toBe(false);
  });
});

describe("reputation", () => {
  it("is shown only for Active or De-Active nodes staked in Stake", () => {
    for (const status of NODE_STATUSES) {
      for (const stake of STAKES) {
        expect(reputationViewable(status, stake)).toBe(
          (status === NODE_STATUS.active || status === NODE_STATUS.deActive) && stake === STAKE_STATUS.stake,
        );
      }
    }
  });

  it("scores the average times 5, green above 3", () => {
    expect(reputationScore([])).toBeNull();
    expect(reputationScore([1, 1, 1])).toBe(5);
    expect(reputationScore([0.5, 0.7])).toBeCloseTo(3);
    expect(reputationTone(3)).toBe("red");
    expect(reputationTone(3.01)).toBe("green");
  });

  it("windows the last 30 UTC days, today included", () => {
    expect(windowStart(new Date("2026-03-30T23:59:59Z"))).toBe("2026-03-01");
    expect(windowStart(new Date("2026-03-01T00:00:00Z"))).toBe("2026-01-31");
  });

  it("flags a checked node as stopped answering once its last 3 checks were all missed", () => {
    expect(stoppedAnswering(NODE_STATUS.active, [false, false, false])).toBe(true);
    expect(stoppedAnswering(NODE_STATUS.approved, [false, false, false])).toBe(true);
    expect(stoppedAnswering(NODE_STATUS.active, [false, false, true])).toBe(false);
    expect(stoppedAnswering(NODE_STATUS.active, [true, false, false])).toBe(false);
    expect(stoppedAnswering(NODE_STATUS.active, [false, false])).toBe(false);
    expect(stoppedAnswering(NODE_STATUS.active, [])).toBe(false);
    expect(stoppedAnswering(NODE_STATUS.return, [false, false, false])).toBe(false);
  });
});

describe("hardware verdict", () => {
  it("passes RAM and storage at or above the minimums and fails each below", () => {
    expect(hardwareVerdict({ ram: LIMITS.minRamGb, storage: LIMITS.minStorageGb })).toEqual({
      ram: { value: LIMITS.minRamGb, minimum: LIMITS.minRamGb, meets: true },
      storage: { value: LIMITS.minStorageGb, minimum: LIMITS.minStorageGb, meets: true },
    });
    const below = hardwareVerdict({ ram: LIMITS.minRamGb - 1, storage: LIMITS.minStorageGb * 2 });
    expect([below.ram.meets, below.storage.meets]).toEqual([false, true]);
    expect(hardwareVerdict({ ram: 64, storage: LIMITS.minStorageGb - 1 }).storage.meets).toBe(false);
  });
});
