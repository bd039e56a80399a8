import { encodeAbiParameters } from "viem";
import { describe, expect, it } from "vitest";
import { pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import {
  eventsOf,
  expectRevert,
  FUNDS_EACH,
  MIN_STAKE,
  NODE_A,
  NODE_B,
  pli,
  revertedWith,
  useChain,
  ZERO,
} from "./fixture.ts";

const nodeData = (node: `0x${string}`) => encodeAbiParameters([{ type: "address" }], [node]);

describe("PluginToken", () => {
  const f = useChain();

  it("is Plugin / PLI with 18 decimals, owned by the deployer", async () => {
    const token = f.as.owner.token;
    expect(await token.read.name()).toBe("Plugin");
    expect(await token.read.symbol()).toBe("PLI");
    expect(await token.read.decimals()).toBe(18);
    expect(await token.read.owner()).toBe(f.as.owner.address);
  });

  it("lets only the owner mint", async () => {
    const { outsider, owner } = f.as;
    const error = await revertedWith(outsider.token.write.mint([outsider.address, pli(1)]));
    expect(error.data?.errorName).toBe("OwnableUnauthorizedAccount");
    expect(error.data?.args).toEqual([outsider.address]);
    expect(await f.balanceOf(outsider.address)).toBe(FUNDS_EACH);

    const supply = await owner.token.read.totalSupply();
    const receipt = await f.mined(owner.token.write.mint([outsider.address, pli(7)]));
    expect(await f.balanceOf(outsider.address)).toBe(FUNDS_EACH + pli(7));
    expect(await owner.token.read.totalSupply()).toBe(supply + pli(7));
    expect(eventsOf(receipt, pluginTokenAbi, "Transfer")).toEqual([
      { from: ZERO, to: outsider.address, value: pli(7) },
    ]);
  });

  it("refuses to mint zero", async () => {
    await expectRevert(f.as.owner.token.write.mint([f.as.outsider.address, 0n]), "PLI: amount must be > 0");
  });

  it("transferAndCall to a wallet moves the tokens and logs the data", async () => {
    const { validator, outsider } = f.as;
    const receipt = await f.mined(validator.token.write.transferAndCall([outsider.address, pli(3), "0xabcd"]));
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH - pli(3));
    expect(await f.balanceOf(outsider.address)).toBe(FUNDS_EACH + pli(3));
    expect(eventsOf(receipt, pluginTokenAbi, "Transfer")).toEqual([
      { from: validator.address, to: outsider.address, value: pli(3) },
      { from: validator.address, to: outsider.address, value: pli(3), data: "0xabcd" },
    ]);
  });

  it("transferAndCall to StakingRewards stakes in one transaction, then tops up", async () => {
    const { validator } = f.as;
    const staking = f.deployment.contracts.stakingRewards;
    await f.whitelist(validator.address, NODE_A);
    const data = nodeData(NODE_A);

    const receipt = await f.mined(validator.token.write.transferAndCall([staking, MIN_STAKE, data]));
    expect(eventsOf(receipt, pluginTokenAbi, "Transfer")).toEqual([
      { from: validator.address, to: staking, value: MIN_STAKE },
      { from: validator.address, to: staking, value: MIN_STAKE, data },
    ]);
    expect(eventsOf(receipt, stakingRewardsAbi, "Staked")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: MIN_STAKE, total: MIN_STAKE },
    ]);
    expect(await validator.staking.read.positions([validator.address, NODE_A])).toEqual([MIN_STAKE, 1]);
    expect(await f.balanceOf(staking)).toBe(MIN_STAKE);
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH - MIN_STAKE);

    const topup = await f.mined(validator.token.write.transferAndCall([staking, pli(10), data]));
    expect(eventsOf(topup, stakingRewardsAbi, "ToppedUp")).toEqual([
      { wallet: validator.address, node: NODE_A, amount: pli(10), total: MIN_STAKE + pli(10) },
    ]);
    expect(await validator.staking.read.totalStaked()).toBe(MIN_STAKE + pli(10));
  });

  it("transferAndCall staking obeys the whitelist and the minimum, and moves nothing when it reverts", async () => {
    const { validator } = f.as;
    const staking = f.deployment.contracts.stakingRewards;
    await f.whitelist(validator.address, NODE_A);
    await expectRevert(
      validator.token.write.transferAndCall([staking, MIN_STAKE, nodeData(NODE_B)]),
      "Wallet and node not whitelisted",
    );
    await expectRevert(
      validator.token.write.transferAndCall([staking, MIN_STAKE - 1n, nodeData(NODE_A)]),
      "Below minimum stake",
    );
    expect(await f.balanceOf(staking)).toBe(0n);
    expect(await f.balanceOf(validator.address)).toBe(FUNDS_EACH);
  });

  it("the staking hook accepts only the PLI token and a 32-byte node address", async () => {
    const { validator } = f.as;
    await f.whitelist(validator.address, NODE_A);
    await expectRevert(
      validator.staking.write.onTokenTransfer([validator.address, MIN_STAKE, nodeData(NODE_A)]),
      "Only the PLI token",
    );
    const staking = f.deployment.contracts.stakingRewards;
    await expectRevert(
      validator.token.write.transferAndCall([staking, MIN_STAKE, "0x"]),
      "Data must be the node address",
    );
    expect(await validator.staking.read.totalStaked()).toBe(0n);
  });
});
