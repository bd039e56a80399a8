import { describe, expect, it } from "vitest";
import { pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";
import { eventsOf, MAX_STAKE, MIN_STAKE, NODE_A, NODE_B, pli, useChain } from "./fixture.ts";

describe("Events and their arguments", () => {
  const f = useChain();

  it("the constructors announce the initial limits and caps", async () => {
    const { stakingRewards, pluginFarm } = f.deployment.contracts;
    const fromBlock = BigInt(f.deployment.startBlock);
    const limits = await f.publicClient.getContractEvents({
      address: stakingRewards,
      abi: stakingRewardsAbi,
      eventName: "StakeLimitsChanged",
      fromBlock,
    });
    expect(limits.map((log) => log.args)).toEqual([{ minStakeAmt: MIN_STAKE, maxStakeAmt: MAX_STAKE }]);
    const caps = await f.publicClient.getContractEvents({
      address: pluginFarm,
      abi: pluginFarmAbi,
      eventName: "StakingCapsChanged",
      fromBlock,
    });
    expect(caps.map((log) => log.args)).toEqual([{ minStakingCap: MIN_STAKE, maxStakingCap: MAX_STAKE }]);
  });

  it("a stake lifecycle emits Whitelisted, Staked, ToppedUp, Unlocked and Unstaked", async () => {
    const { owner, standby, validator } = f.as;
    await f.mined(owner.staking.write.setOperator([standby.address, true]));

    const whitelisted = await f.mined(standby.staking.write.whiteListIt([validator.address, NODE_A]));
    expect(eventsOf(whitelisted, stakingRewardsAbi, "Whitelisted")).toEqual([
      { wallet: validator.address, node: NODE_A, by: standby.address },
    ]);

    const staked = await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    expect(eventsOf(staked, stakingRewardsAbi, "Staked")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: MIN_STAKE, total: MIN_STAKE },
    ]);

    const first = await f.approveAndTopup("validator", pli(100), NODE_A);
    expect(eventsOf(first, stakingRewardsAbi, "ToppedUp")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: pli(100), total: MIN_STAKE + pli(100) },
    ]);
    const second = await f.approveAndTopup("validator", pli(25), NODE_A);
    expect(eventsOf(second, stakingRewardsAbi, "ToppedUp")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: pli(25), total: MIN_STAKE + pli(125) },
    ]);

    const unlocked = await f.mined(standby.staking.write.unlock([validator.address, NODE_A]));
    expect(eventsOf(unlocked, stakingRewardsAbi, "Unlocked")).toEqual([
      { wallet: validator.address, node: NODE_A, total: MIN_STAKE + pli(125), by: standby.address },
    ]);

    const unstaked = await f.mined(validator.staking.write.unstake([NODE_A]));
    expect(eventsOf(unstaked, stakingRewardsAbi, "Unstaked")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: MIN_STAKE + pli(125) },
    ]);
  });

  it("RewardDeposited carries the depositor, the amount and the new pool", async () => {
    const { owner, standby } = f.as;
    const first = await f.fundPool(pli(300));
    expect(eventsOf(first, stakingRewardsAbi, "RewardDeposited")).toEqual([
      { from: owner.address, amount: pli(300), pool: pli(300) },
    ]);

    await f.mined(owner.staking.write.setOperator([standby.address, true]));
    await f.mined(standby.token.write.approve([f.deployment.contracts.stakingRewards, pli(45)]));
    const second = await f.mined(standby.staking.write.depositReward([pli(45)]));
    expect(eventsOf(second, stakingRewardsAbi, "RewardDeposited")).toEqual([
      { from: standby.address, amount: pli(45), pool: pli(345) },
    ]);
  });

  it("RewardPaid is emitted once per entry with its date key", async () => {
    const { owner, validator, standby } = f.as;
    await f.fundPool(pli(100));
    const receipt = await f.mined(
      owner.staking.write.payRewards([
        [validator.address, standby.address, validator.address],
        [pli(10), pli(20), pli(30)],
        [20250301n, 20250301n, 20250302n],
        [NODE_A, NODE_B, NODE_A],
      ]),
    );
    expect(eventsOf(receipt, stakingRewardsAbi, "RewardPaid")).toEqual([
      { wallet: validator.address, node: NODE_A, date: 20250301n, amount: pli(10) },
      { wallet: standby.address, node: NODE_B, date: 20250301n, amount: pli(20) },
      { wallet: validator.address, node: NODE_A, date: 20250302n, amount: pli(30) },
    ]);
  });

  it("StakeLimitsChanged carries both limits after each change", async () => {
    const { owner } = f.as;
    const min = await f.mined(owner.staking.write.setMinStakeAmt([pli(60_000)]));
    expect(eventsOf(min, stakingRewardsAbi, "StakeLimitsChanged")).toEqual([
      { minStakeAmt: pli(60_000), maxStakeAmt: MAX_STAKE },
    ]);
    const max = await f.mined(owner.staking.write.setMaxStakeAmt([pli(800_000)]));
    expect(eventsOf(max, stakingRewardsAbi, "StakeLimitsChanged")).toEqual([
      { minStakeAmt: pli(60_000), maxStakeAmt: pli(800_000) },
    ]);
  });

  it("PluginFarm emits FarmNodeWhitelisted and StakingCapsChanged", async () => {
    const { owner, standby, validator } = f.as;
    await f.mined(owner.farm.write.setOperator([standby.address, true]));
    const node = await f.mined(standby.farm.write.whiteListPLIFarmNode([validator.address, NODE_B]));
    expect(eventsOf(node, pluginFarmAbi, "FarmNodeWhitelisted")).toEqual([
      { wallet: validator.address, node: NODE_B, by: standby.address },
    ]);
    const caps = await f.mined(owner.farm.write.setStakingCaps([pli(1_000), pli(2_000)]));
    expect(eventsOf(caps, pluginFarmAbi, "StakingCapsChanged")).toEqual([
      { minStakingCap: pli(1_000), maxStakingCap: pli(2_000) },
    ]);
  });

  it("OperatorChanged is emitted by both admin contracts", async () => {
    const { owner, outsider } = f.as;
    const staking = await f.mined(owner.staking.write.setOperator([outsider.address, true]));
    expect(eventsOf(staking, stakingRewardsAbi, "OperatorChanged")).toEqual([
      { operator: outsider.address, enabled: true },
    ]);
    expect(staking.logs.map((log) => log.address.toLowerCase())).toEqual([
      f.deployment.contracts.stakingRewards.toLowerCase(),
    ]);
    const farm = await f.mined(owner.farm.write.setOperator([outsider.address, false]));
    expect(eventsOf(farm, pluginFarmAbi, "OperatorChanged")).toEqual([{ operator: outsider.address, enabled: false }]);
    expect(farm.logs.map((log) => log.address.toLowerCase())).toEqual([
      f.deployment.contracts.pluginFarm.toLowerCase(),
    ]);
  });
});
