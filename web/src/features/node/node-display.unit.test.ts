import {
  NODE_STATUS,
  NODE_TABS,
  STAKE_STATUS,
  USER_TYPE,
  type NodeResponse,
  type StakeStatus,
} from "@pli/api/public-contract";
import { describe, expect, it } from "vitest";
import {
  activateRefusal,
  mayDelete,
  reviewRefusal,
  showsManageJobs,
  showsStakeLink,
  TAB_LABELS,
  toggleFor,
} from "./node-display";

const node = (
  status: NodeResponse["status"],
  stakeStatus: StakeStatus | null = null,
  deActivatedBy: NodeResponse["deActivatedBy"] = null,
) => ({ status, stake: { status: stakeStatus, totalStaked: "0" }, deActivatedBy }) as NodeResponse;

describe("what the node lists offer", () => {
  it("links Approved and Active nodes to staking, and only Active nodes to their jobs", () => {
    expect(Object.values(NODE_STATUS).filter(showsStakeLink)).toEqual([NODE_STATUS.approved, NODE_STATUS.active]);
    expect(Object.values(NODE_STATUS).filter(showsManageJobs)).toEqual([NODE_STATUS.active]);
  });

  it("offers Make De-Active on an Active node, Make Active on a De-Active node only while staked, to owner and admin alike", () => {
    for (const actor of [USER_TYPE.user, USER_TYPE.admin]) {
      expect(toggleFor(node(NODE_STATUS.active, STAKE_STATUS.stake), actor)).toBe(NODE_STATUS.deActive);
      expect(toggleFor(node(NODE_STATUS.deActive, STAKE_STATUS.stake), actor)).toBe(NODE_STATUS.active);
      expect(toggleFor(node(NODE_STATUS.deActive, STAKE_STATUS.unlock), actor)).toBeUndefined();
      expect(toggleFor(node(NODE_STATUS.approved), actor)).toBeUndefined();
      expect(toggleFor(node(NODE_STATUS.pending), actor)).toBeUndefined();
    }
  });

  it("offers the owner no Make Active on a node an admin De-Activated, and says why; the admin still has it", () => {
    const byAdmin = node(NODE_STATUS.deActive, STAKE_STATUS.stake, USER_TYPE.admin);
    expect(toggleFor(byAdmin, USER_TYPE.user)).toBeUndefined();
    expect(activateRefusal(byAdmin, USER_TYPE.user)).toBe(
      "An admin De-Activated this node: only an admin can make it Active again",
    );
    expect(toggleFor(byAdmin, USER_TYPE.admin)).toBe(NODE_STATUS.active);
    expect(activateRefusal(byAdmin, USER_TYPE.admin)).toBeUndefined();
    const byOwner = node(NODE_STATUS.deActive, STAKE_STATUS.stake, USER_TYPE.user);
    expect(toggleFor(byOwner, USER_TYPE.user)).toBe(NODE_STATUS.active);
    expect(activateRefusal(byOwner, USER_TYPE.user)).toBeUndefined();
  });

  it("offers delete unless the stake is Stake or Unlock", () => {
    expect(mayDelete(node(NODE_STATUS.pending))).toBe(true);
    expect(mayDelete(node(NODE_STATUS.deActive, STAKE_STATUS.withdraw))).toBe(true);
    expect(mayDelete(node(NODE_STATUS.active, STAKE_STATUS.stake))).toBe(false);
    expect(mayDelete(node(NODE_STATUS.deActive, STAKE_STATUS.unlock))).toBe(false);
  });

  it("lets the admin review every node but an Active or De-Activated one, or one the chain holds a stake on", () => {
    for (const status of [NODE_STATUS.pending, NODE_STATUS.verified, NODE_STATUS.return, NODE_STATUS.approved])
      expect(reviewRefusal(node(status))).toBeUndefined();
    expect(reviewRefusal(node(NODE_STATUS.active, STAKE_STATUS.stake))).toBeTypeOf("string");
    expect(reviewRefusal(node(NODE_STATUS.deActive, STAKE_STATUS.stake))).toBeTypeOf("string");
    expect(reviewRefusal(node(NODE_STATUS.approved, STAKE_STATUS.unlock))).toBe(
      "The node has a stake in Stake or Unlock on the chain: its status cannot be reviewed until the stake is withdrawn",
    );
  });

  it("names the admin tabs in the spec's order and words", () => {
    expect(NODE_TABS.map((tab) => TAB_LABELS[tab])).toEqual([
      "Pending",
      "Verified",
      "Return",
      "Approved",
      "Active",
      "De-Active",
      "All Nodes",
    ]);
  });
});
