import { describe, expect, it } from "vitest";
import { stakingRewardsAbi } from "@pli/abis";
import { eventsOf, expectRevert, FUNDS_EACH, NODE_A, NODE_B, pli, useChain, ZERO } from "./fixture.ts";

const DAY_1 = 20250101n;
const DAY_2 = 20250102n;

describe("StakingRewards reward pool and payouts", () => {
  const f = useChain();

  it("deposits rewards into the pool, refusing zero", async () => {
    const { owner } = f.as;
    await expectRevert(owner.staking.write.depositReward([0n]), "Amount must be greater than 0");
    await f.fundPool(pli(100));
    await f.fundPool(pli(50));
    expect(await owner.staking.read.rewardPool()).toBe(pli(150));
    expect(await f.balanceOf(f.deployment.contracts.stakingRewards)).toBe(pli(150));
  });

  it("pays from the reward pool only, never from staked principal", async () => {
    const { owner, validator, standby } = f.as;
    const staking = f.deployment.contracts.stakingRewards;
    await f.whitelist(validator.address, NODE_A);
    await f.approveAndStake("validator", pli(500_000), NODE_A);
    await f.fundPool(pli(1_000));
    expect(await f.balanceOf(staking)).toBe(pli(501_000));

    await expectRevert(
      owner.staking.write.payRewards([[standby.address], [pli(1_001)], [DAY_1], [NODE_B]]),
      "Insufficient reward pool",
    );
    await expectRevert(
      owner.staking.write.payRewards([
        [standby.address, standby.address],
        [pli(600), pli(600)],
        [DAY_1, DAY_2],
        [NODE_B, NODE_B],
      ]),
      "Insufficient reward pool",
    );
    expect(await f.balanceOf(standby.address)).toBe(FUNDS_EACH);

    await f.mined(owner.staking.write.payRewards([[standby.address], [pli(1_000)], [DAY_1], [NODE_B]]));
    expect(await owner.staking.read.rewardPool()).toBe(0n);
    expect(await f.balanceOf(standby.address)).toBe(FUNDS_EACH + pli(1_000));
    await expectRevert(
      owner.staking.write.payRewards([[standby.address], [1n], [DAY_2], [NODE_B]]),
      "Insufficient reward pool",
    );

    await f.mined(owner.staking.write.unlock([validator.address, NODE_A]));
    await f.mined(validator.staking.write.unstake([NODE_A]));
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH);
    expect(await f.balanceOf(staking)).toBe(0n);
  });

  it("never pays the same (wallet, node, date) twice in one transaction", async () => {
    const { owner, validator } = f.as;
    await f.fundPool(pli(1_000));
    await expectRevert(
      owner.staking.write.payRewards([
        [validator.address, validator.address],
        [pli(1), pli(2)],
        [DAY_1, DAY_1],
        [NODE_A, NODE_A],
      ]),
      "Reward already paid",
    );
    expect(await owner.staking.read.isRewardPaid([validator.address, NODE_A, DAY_1])).toBe(false);
    expect(await owner.staking.read.rewardPool()).toBe(pli(1_000));
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH);
  });

  it("never pays the same (wallet, node, date) twice across transactions", async () => {
    const { owner, validator } = f.as;
    await f.fundPool(pli(1_000));
    await f.mined(owner.staking.write.payRewards([[validator.address], [pli(5)], [DAY_1], [NODE_A]]));
    expect(await owner.staking.read.isRewardPaid([validator.address, NODE_A, DAY_1])).toBe(true);
    await expectRevert(
      owner.staking.write.payRewards([[validator.address], [pli(5)], [DAY_1], [NODE_A]]),
      "Reward already paid",
    );
    await expectRevert(
      owner.staking.write.payRewards([
        [validator.address, validator.address],
        [pli(5), pli(5)],
        [DAY_2, DAY_1],
        [NODE_A, NODE_A],
      ]),
      "Reward already paid",
    );
    expect(await owner.staking.read.isRewardPaid([validator.address, NODE_A, DAY_2])).toBe(false);
    expect(await owner.staking.read.rewardPool()).toBe(pli(995));
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH + pli(5));
  });

  it("pays another date, another node or another wallet, one RewardPaid per entry", async () => {
    const { owner, validator, standby } = f.as;
    await f.fundPool(pli(1_000));
    await f.mined(owner.staking.write.payRewards([[validator.address], [pli(1)], [DAY_1], [NODE_A]]));
    const receipt = await f.mined(
      owner.staking.write.payRewards([
        [validator.address, validator.address, standby.address],
        [pli(2), pli(3), pli(4)],
        [DAY_2, DAY_1, DAY_1],
        [NODE_A, NODE_B, NODE_A],
      ]),
    );
    expect(eventsOf(receipt, stakingRewardsAbi, "RewardPaid")).toEqual([
      { wallet: validator.address, node: NODE_A, date: DAY_2, amount: pli(2) },
      { wallet: validator.address, node: NODE_B, date: DAY_1, amount: pli(3) },
      { wallet: standby.address, node: NODE_A, date: DAY_1, amount: pli(4) },
    ]);
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH + pli(6));
    expect(await f.balanceOf(standby.address)).toBe(FUNDS_EACH + pli(4));
    expect(await owner.staking.read.rewardPool()).toBe(pli(990));
    for (const [wallet, node, date] of [
      [validator.address, NODE_A, DAY_2],
      [validator.address, NODE_B, DAY_1],
      [standby.address, NODE_A, DAY_1],
    ] as const) {
      expect(await owner.staking.read.isRewardPaid([wallet, node, date])).toBe(true);
    }
    expect(await owner.staking.read.isRewardPaid([standby.address, NODE_B, DAY_1])).toBe(false);
  });

  it("requires arrays of equal, non-zero length", async () => {
    const { owner, validator } = f.as;
    await f.fundPool(pli(1_000));
    const w = validator.address;
    const mismatch = "Array lengths mismatch";
    await expectRevert(owner.staking.write.payRewards([[w, w], [pli(1)], [DAY_1, DAY_2], [NODE_A, NODE_A]]), mismatch);
    await expectRevert(owner.staking.write.payRewards([[w, w], [pli(1), pli(1)], [DAY_1], [NODE_A, NODE_A]]), mismatch);
    await expectRevert(owner.staking.write.payRewards([[w, w], [pli(1), pli(1)], [DAY_1, DAY_2], [NODE_A]]), mismatch);
    await expectRevert(
      owner.staking.write.payRewards([[w], [pli(1), pli(1)], [DAY_1, DAY_2], [NODE_A, NODE_A]]),
      mismatch,
    );
    await expectRevert(owner.staking.write.payRewards([[], [], [], []]), "Empty payout");
  });

  it("refuses zero amounts and the zero wallet in a payout", async () => {
    const { owner, validator } = f.as;
    await f.fundPool(pli(1_000));
    await expectRevert(
      owner.staking.write.payRewards([[validator.address], [0n], [DAY_1], [NODE_A]]),
      "Amount must be greater than 0",
    );
    await expectRevert(owner.staking.write.payRewards([[ZERO], [pli(1)], [DAY_1], [NODE_A]]), "Zero address");
    expect(await owner.staking.read.rewardPool()).toBe(pli(1_000));
  });
});
