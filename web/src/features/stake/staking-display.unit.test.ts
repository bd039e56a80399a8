import { STAKE_STATUS, type StakeEventResponse } from "@pli/api/public-contract";
import { describe, expect, it } from "vitest";
import { positionLink, stakingBlocked, withdrawRows } from "./staking-display";

const row = (_id: string, stakeId: string, status: StakeEventResponse["status"]) => ({ _id, stakeId, status });

describe("what the staking screens offer for a position", () => {
  it("offers no stake or top-up on an unlocked position", () => {
    expect(stakingBlocked(STAKE_STATUS.unlock)).toBe(true);
    expect(stakingBlocked(STAKE_STATUS.stake)).toBe(false);
  });

  it("links a staked position to a top-up, a withdrawn one to a new stake, an unlocked one nowhere", () => {
    expect(positionLink(STAKE_STATUS.stake)).toBe("topUp");
    expect(positionLink(STAKE_STATUS.withdraw)).toBe("stake");
    expect(positionLink(STAKE_STATUS.unlock)).toBeNull();
  });

  it("puts Withdraw on the newest row of each unlocked position only", () => {
    const rows = [
      row("unlock-a", "a", STAKE_STATUS.unlock),
      row("stake-b", "b", STAKE_STATUS.stake),
      row("topup-a", "a", STAKE_STATUS.unlock),
      row("stake-a", "a", STAKE_STATUS.unlock),
    ];
    expect([...withdrawRows(rows)]).toEqual(["unlock-a"]);
    expect(withdrawRows([row("x", "a", STAKE_STATUS.withdraw)]).size).toBe(0);
  });
});
