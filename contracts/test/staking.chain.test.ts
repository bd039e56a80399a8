import { describe, expect, it } from "vitest";
import { stakingRewardsAbi } from "@pli/abis";
import { eventsOf, expectRevert, FUNDS_EACH, MAX_STAKE, MIN_STAKE, NODE_A, NODE_B, pli, useChain } from "./fixture.ts";

const STATUS = { None: 0, Staked: 1, Unlocked: 2 } as const;

describe("StakingRewards stake positions", () => {
  const f = useChain();

  it("stakes only for a whitelisted (wallet, node) pair", async () => {
    const { validator, standby } = f.as;
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, MIN_STAKE]));
    await expectRevert(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]), "Wallet and node not whitelisted");

    await f.whitelist(validator.address, NODE_A);
    expect(await validator.staking.read.whitelisted([validator.address, NODE_A])).toBe(true);
    await expectRevert(validator.staking.write.stakeTokens([MIN_STAKE, NODE_B]), "Wallet and node not whitelisted");
    await f.mined(standby.token.write.approve([f.deployment.contracts.stakingRewards, MIN_STAKE]));
    await expectRevert(standby.staking.write.stakeTokens([MIN_STAKE, NODE_A]), "Wallet and node not whitelisted");

    await f.mined(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]));
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([MIN_STAKE, STATUS.Staked]);
  });

  it("needs a first stake of at least the minimum", async () => {
    const { validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, MIN_STAKE]));
    await expectRevert(validator.staking.write.stakeTokens([MIN_STAKE - 1n, NODE_A]), "Below minimum stake");
    await f.mined(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]));
    expect(await validator.staking.read.totalStaked()).toBe(MIN_STAKE);
  });

  it("never lets a first stake exceed the maximum", async () => {
    const { validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, MAX_STAKE + 1n]));
    await expectRevert(validator.staking.write.stakeTokens([MAX_STAKE + 1n, NODE_A]), "Above maximum stake");
    await f.mined(validator.staking.write.stakeTokens([MAX_STAKE, NODE_A]));
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([MAX_STAKE, STATUS.Staked]);
  });

  it("never lets a top-up take the position above the maximum", async () => {
    const { validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, MAX_STAKE]));
    await expectRevert(validator.staking.write.topupStake([MAX_STAKE - MIN_STAKE + 1n, NODE_A]), "Above maximum stake");
    await f.mined(validator.staking.write.topupStake([MAX_STAKE - MIN_STAKE, NODE_A]));
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([MAX_STAKE, STATUS.Staked]);
    await expectRevert(validator.staking.write.topupStake([1n, NODE_A]), "Above maximum stake");
  });

  it("tops up only an existing Staked position, and a second first-stake is refused", async () => {
    const { validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, MAX_STAKE]));
    await expectRevert(validator.staking.write.topupStake([pli(1), NODE_A]), "No active stake");

    await f.mined(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]));
    await expectRevert(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]), "Position exists: use topupStake");
    await f.mined(validator.staking.write.topupStake([pli(1), NODE_A]));
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([
      MIN_STAKE + pli(1),
      STATUS.Staked,
    ]);

    await f.mined(f.as.owner.staking.write.unlock([validator.address, NODE_A]));
    await expectRevert(validator.staking.write.topupStake([pli(1), NODE_A]), "No active stake");
    await expectRevert(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]), "Position exists: use topupStake");
  });

  it("refuses zero amounts for stake and top-up", async () => {
    const { validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await expectRevert(validator.staking.write.stakeTokens([0n, NODE_A]), "Amount must be greater than 0");
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await expectRevert(validator.staking.write.topupStake([0n, NODE_A]), "Amount must be greater than 0");
  });

  it("unlocks only a Staked position", async () => {
    const { owner, validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await expectRevert(owner.staking.write.unlock([validator.address, NODE_A]), "No active stake");
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await f.mined(owner.staking.write.unlock([validator.address, NODE_A]));
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([MIN_STAKE, STATUS.Unlocked]);
    await expectRevert(owner.staking.write.unlock([validator.address, NODE_A]), "No active stake");
  });

  it("unstakes only after unlock, returning the whole position once", async () => {
    const { owner, validator, standby } = f.as;
    const staking = f.deployment.contracts.stakingRewards;
    await f.whitelist(validator.address, NODE_A);
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await f.approveAndTopup("validator", pli(1234), NODE_A);
    const position = MIN_STAKE + pli(1234);
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH - position);
    await expectRevert(validator.staking.write.unstake([NODE_A]), "Stake is not unlocked");

    await f.mined(owner.staking.write.unlock([validator.address, NODE_A]));
    await expectRevert(standby.staking.write.unstake([NODE_A]), "Stake is not unlocked");
    const receipt = await f.mined(validator.staking.write.unstake([NODE_A]));
    expect(eventsOf(receipt, stakingRewardsAbi, "Unstaked")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: position },
    ]);
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH);
    expect(await f.balanceOf(staking)).toBe(0n);
    expect(await validator.staking.read.totalStaked()).toBe(0n);
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([0n, STATUS.None]);
    await expectRevert(validator.staking.write.unstake([NODE_A]), "Stake is not unlocked");
  });

  it("keeps positions of other wallets and nodes apart on unstake", async () => {
    const { owner, validator, standby } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.whitelist(validator.address, NODE_B);
    await f.whitelist(standby.address, NODE_A);
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await f.approveAndStake("validator", pli(60_000), NODE_B);
    await f.approveAndStake("standby", pli(70_000), NODE_A);
    await f.mined(owner.staking.write.unlock([validator.address, NODE_A]));
    await f.mined(validator.staking.write.unstake([NODE_A]));
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH - pli(60_000));
    expect(await f.balanceOf(f.deployment.contracts.stakingRewards)).toBe(pli(130_000));
    expect(await validator.staking.read.totalStaked()).toBe(pli(130_000));
    expect(await validator.staking.read.positions([validator.address, NODE_B])).toEqual([pli(60_000), STATUS.Staked]);
    expect(await validator.staking.read.positions([standby.address, NODE_A])).toEqual([pli(70_000), STATUS.Staked]);
  });

  it("allows a new stake after unstaking", async () => {
    const { owner, validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await f.mined(owner.staking.write.unlock([validator.address, NODE_A]));
    await f.mined(validator.staking.write.unstake([NODE_A]));
    const receipt = await f.approveAndStake("validator", pli(80_000), NODE_A);
    expect(eventsOf(receipt, stakingRewardsAbi, "Staked")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: pli(80_000), total: pli(80_000) },
    ]);
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([pli(80_000), STATUS.Staked]);
  });
});
