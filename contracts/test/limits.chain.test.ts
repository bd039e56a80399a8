import { describe, expect, it } from "vitest";
import { expectRevert, MAX_STAKE, MIN_STAKE, NODE_A, pli, useChain, ZERO } from "./fixture.ts";

describe("Stake limits, farm caps and address checks", () => {
  const f = useChain();

  it("starts with the deployed limits and caps", async () => {
    const { owner } = f.as;
    expect(await owner.staking.read.minStakeAmt()).toBe(MIN_STAKE);
    expect(await owner.staking.read.maxStakeAmt()).toBe(MAX_STAKE);
    expect(await owner.farm.read.minStakingCap()).toBe(MIN_STAKE);
    expect(await owner.farm.read.maxStakingCap()).toBe(MAX_STAKE);
    expect(await owner.staking.read.token()).toBe(f.deployment.contracts.pliToken);
  });

  it("setMinStakeAmt needs 0 < minimum <= maximum", async () => {
    const { owner } = f.as;
    await expectRevert(owner.staking.write.setMinStakeAmt([0n]), "Amount must be greater than 0");
    await expectRevert(owner.staking.write.setMinStakeAmt([MAX_STAKE + 1n]), "Minimum exceeds maximum");
    expect(await owner.staking.read.minStakeAmt()).toBe(MIN_STAKE);
    await f.mined(owner.staking.write.setMinStakeAmt([MAX_STAKE]));
    expect(await owner.staking.read.minStakeAmt()).toBe(MAX_STAKE);
  });

  it("setMaxStakeAmt needs 0 < maximum and maximum >= minimum", async () => {
    const { owner } = f.as;
    await expectRevert(owner.staking.write.setMaxStakeAmt([0n]), "Amount must be greater than 0");
    await expectRevert(owner.staking.write.setMaxStakeAmt([MIN_STAKE - 1n]), "Maximum below minimum");
    expect(await owner.staking.read.maxStakeAmt()).toBe(MAX_STAKE);
    await f.mined(owner.staking.write.setMaxStakeAmt([MIN_STAKE]));
    expect(await owner.staking.read.maxStakeAmt()).toBe(MIN_STAKE);
  });

  it("changed limits govern the next stakes and top-ups", async () => {
    const { owner, validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await f.mined(owner.staking.write.setMinStakeAmt([pli(60_000)]));
    await f.mined(owner.staking.write.setMaxStakeAmt([pli(70_000)]));
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, pli(100_000)]));
    await expectRevert(validator.staking.write.stakeTokens([pli(59_999), NODE_A]), "Below minimum stake");
    await expectRevert(validator.staking.write.stakeTokens([pli(70_001), NODE_A]), "Above maximum stake");
    await f.mined(validator.staking.write.stakeTokens([pli(65_000), NODE_A]));
    await expectRevert(validator.staking.write.topupStake([pli(5_001), NODE_A]), "Above maximum stake");
    await f.mined(validator.staking.write.topupStake([pli(5_000), NODE_A]));
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([pli(70_000), 1]);
  });

  it("setStakingCaps needs 0 < minimum <= maximum", async () => {
    const { owner } = f.as;
    await expectRevert(owner.farm.write.setStakingCaps([0n, pli(1)]), "Amount must be greater than 0");
    await expectRevert(owner.farm.write.setStakingCaps([pli(2), pli(2) - 1n]), "Minimum exceeds maximum");
    expect(await owner.farm.read.minStakingCap()).toBe(MIN_STAKE);
    await f.mined(owner.farm.write.setStakingCaps([pli(2), pli(2)]));
    expect(await owner.farm.read.minStakingCap()).toBe(pli(2));
    expect(await owner.farm.read.maxStakingCap()).toBe(pli(2));
  });

  it("whitelisting refuses the zero address for wallet or node", async () => {
    const { owner, validator } = f.as;
    await expectRevert(owner.staking.write.whiteListIt([ZERO, NODE_A]), "Zero address");
    await expectRevert(owner.staking.write.whiteListIt([validator.address, ZERO]), "Zero address");
    await expectRevert(owner.farm.write.whiteListPLIFarmNode([ZERO, NODE_A]), "Zero address");
    await expectRevert(owner.farm.write.whiteListPLIFarmNode([validator.address, ZERO]), "Zero address");
  });

  it("keeps the farm whitelist separate from the staking whitelist", async () => {
    const { owner, validator } = f.as;
    await f.mined(owner.farm.write.whiteListPLIFarmNode([validator.address, NODE_A]));
    expect(await owner.farm.read.whitelisted([validator.address, NODE_A])).toBe(true);
    expect(await owner.staking.read.whitelisted([validator.address, NODE_A])).toBe(false);
    await f.mined(validator.token.write.approve([f.deployment.contracts.stakingRewards, MIN_STAKE]));
    await expectRevert(validator.staking.write.stakeTokens([MIN_STAKE, NODE_A]), "Wallet and node not whitelisted");
  });
});
