import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";
import {
  eventsOf,
  expectRevert,
  MIN_STAKE,
  NODE_A,
  NODE_B,
  pli,
  revertedWith,
  useChain,
  type Fixture,
} from "./fixture.ts";

type Actor = Fixture["as"]["owner"];
const NOT_OPERATOR = "Caller is not owner or operator";
const DAY = 20250101n;

describe("Owner and operators", () => {
  const f = useChain();
  const validator = () => f.as.validator.address;

  const adminCalls: [string, (actor: Actor) => Promise<Hex>, () => Promise<unknown>][] = [
    [
      "whiteListIt",
      (a) => a.staking.write.whiteListIt([validator(), NODE_B]),
      () => f.as.owner.staking.read.whitelisted([validator(), NODE_B]),
    ],
    [
      "unlock",
      (a) => a.staking.write.unlock([validator(), NODE_A]),
      async () => (await f.as.owner.staking.read.positions([validator(), NODE_A]))[1],
    ],
    ["depositReward", (a) => a.staking.write.depositReward([pli(10)]), () => f.as.owner.staking.read.rewardPool()],
    [
      "payRewards",
      (a) => a.staking.write.payRewards([[validator()], [pli(1)], [DAY], [NODE_A]]),
      () => f.as.owner.staking.read.isRewardPaid([validator(), NODE_A, DAY]),
    ],
    [
      "setMinStakeAmt",
      (a) => a.staking.write.setMinStakeAmt([pli(60_000)]),
      () => f.as.owner.staking.read.minStakeAmt(),
    ],
    [
      "setMaxStakeAmt",
      (a) => a.staking.write.setMaxStakeAmt([pli(900_000)]),
      () => f.as.owner.staking.read.maxStakeAmt(),
    ],
    [
      "whiteListPLIFarmNode",
      (a) => a.farm.write.whiteListPLIFarmNode([validator(), NODE_A]),
      () => f.as.owner.farm.read.whitelisted([validator(), NODE_A]),
    ],
    [
      "setStakingCaps",
      (a) => a.farm.write.setStakingCaps([pli(1), pli(2)]),
      async () => [await f.as.owner.farm.read.minStakingCap(), await f.as.owner.farm.read.maxStakingCap()],
    ],
  ];

  const prepare = async (caller: Actor) => {
    await f.whitelist(validator(), NODE_A);
    await f.approveAndStake("validator", MIN_STAKE, NODE_A);
    await f.fundPool(pli(100));
    await f.mined(caller.token.write.approve([f.deployment.contracts.stakingRewards, pli(10)]));
  };

  it.each(adminCalls)("%s reverts for a wallet that is not owner or operator", async (_name, call, state) => {
    await prepare(f.as.outsider);
    const before = await state();
    await expectRevert(call(f.as.outsider), NOT_OPERATOR);
    expect(await state()).toEqual(before);
  });

  it.each(adminCalls)(
    "%s works for an operator added with setOperator, and not once removed",
    async (_name, call, state) => {
      const { owner, standby } = f.as;
      await prepare(standby);
      await expectRevert(call(standby), NOT_OPERATOR);
      await f.mined(owner.staking.write.setOperator([standby.address, true]));
      await f.mined(owner.farm.write.setOperator([standby.address, true]));
      const before = await state();
      await f.mined(call(standby));
      expect(await state()).not.toEqual(before);

      await f.mined(owner.staking.write.setOperator([standby.address, false]));
      await f.mined(owner.farm.write.setOperator([standby.address, false]));
      await expectRevert(call(standby), NOT_OPERATOR);
    },
  );

  it("lets the owner run admin functions without being an operator", async () => {
    const { owner } = f.as;
    expect(await owner.staking.read.operators([owner.address])).toBe(false);
    await f.whitelist(validator(), NODE_A);
    await f.mined(owner.farm.write.whiteListPLIFarmNode([validator(), NODE_A]));
    expect(await owner.farm.read.whitelisted([validator(), NODE_A])).toBe(true);
  });

  it("setOperator is owner-only (OwnableUnauthorizedAccount), even for operators", async () => {
    const { owner, standby, outsider } = f.as;
    const contracts = [
      {
        setOperator: (a: Actor, operator: Address) => a.staking.write.setOperator([operator, true]),
        isOperator: (operator: Address) => owner.staking.read.operators([operator]),
      },
      {
        setOperator: (a: Actor, operator: Address) => a.farm.write.setOperator([operator, true]),
        isOperator: (operator: Address) => owner.farm.read.operators([operator]),
      },
    ];
    for (const { setOperator, isOperator } of contracts) {
      const byOutsider = await revertedWith(setOperator(outsider, outsider.address));
      expect(byOutsider.data?.errorName).toBe("OwnableUnauthorizedAccount");
      expect(byOutsider.data?.args).toEqual([outsider.address]);

      await f.mined(setOperator(owner, standby.address));
      expect(await isOperator(standby.address)).toBe(true);
      const byOperator = await revertedWith(setOperator(standby, outsider.address));
      expect(byOperator.data?.errorName).toBe("OwnableUnauthorizedAccount");
      expect(byOperator.data?.args).toEqual([standby.address]);
      expect(await isOperator(outsider.address)).toBe(false);
    }
  });

  it("setOperator refuses the zero address and emits OperatorChanged", async () => {
    const { owner, standby } = f.as;
    await expectRevert(
      owner.staking.write.setOperator(["0x0000000000000000000000000000000000000000", true]),
      "Operator is the zero address",
    );
    const on = await f.mined(owner.staking.write.setOperator([standby.address, true]));
    expect(eventsOf(on, stakingRewardsAbi, "OperatorChanged")).toEqual([{ operator: standby.address, enabled: true }]);
    expect(await owner.staking.read.operators([standby.address])).toBe(true);
    const off = await f.mined(owner.staking.write.setOperator([standby.address, false]));
    expect(eventsOf(off, stakingRewardsAbi, "OperatorChanged")).toEqual([
      { operator: standby.address, enabled: false },
    ]);
    expect(await owner.staking.read.operators([standby.address])).toBe(false);

    const farm = await f.mined(owner.farm.write.setOperator([standby.address, true]));
    expect(eventsOf(farm, pluginFarmAbi, "OperatorChanged")).toEqual([{ operator: standby.address, enabled: true }]);
    expect(await owner.farm.read.operators([standby.address])).toBe(true);
  });
});
