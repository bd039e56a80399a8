import {
  BaseError,
  ContractFunctionRevertedError,
  parseEventLogs,
  type Abi,
  type Address,
  type ContractEventName,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { DevAccountName } from "../../scripts/lib/dev-accounts.ts";
import { pli, startChain } from "../../test/chain.ts";

export { pli };

export const MIN_STAKE = pli(50_000);
export const MAX_STAKE = pli(1_000_000);
export const FUNDS_EACH = pli(5_000_000);

export const NODE_A: Address = "0x1000000000000000000000000000000000000001";
export const NODE_B: Address = "0x2000000000000000000000000000000000000002";
export const ZERO: Address = "0x0000000000000000000000000000000000000000";

async function setup() {
  const {
    anvil,
    deployment,
    publicClient,
    testClient,
    as: actor,
    mined,
  } = await startChain({ minStake: MIN_STAKE, maxStake: MAX_STAKE });
  const { stakingRewards } = deployment.contracts;
  const as = {
    owner: actor("owner"),
    validator: actor("validator"),
    standby: actor("standby"),
    outsider: actor("outsider"),
  };

  for (const name of ["validator", "standby", "outsider"] as const) {
    await mined(as.owner.token.write.mint([as[name].address, FUNDS_EACH]));
  }

  return {
    anvil,
    deployment,
    publicClient,
    testClient,
    as,
    mined,
    balanceOf: (address: Address) => as.owner.token.read.balanceOf([address]),
    whitelist: (wallet: Address, node: Address) => mined(as.owner.staking.write.whiteListIt([wallet, node])),
    approveAndStake: async (name: DevAccountName, amount: bigint, node: Address) => {
      await mined(as[name].token.write.approve([stakingRewards, amount]));
      return mined(as[name].staking.write.stakeTokens([amount, node]));
    },
    approveAndTopup: async (name: DevAccountName, amount: bigint, node: Address) => {
      await mined(as[name].token.write.approve([stakingRewards, amount]));
      return mined(as[name].staking.write.topupStake([amount, node]));
    },
    fundPool: async (amount: bigint) => {
      await mined(as.owner.token.write.mint([as.owner.address, amount]));
      await mined(as.owner.token.write.approve([stakingRewards, amount]));
      return mined(as.owner.staking.write.depositReward([amount]));
    },
  };
}

export type Fixture = Awaited<ReturnType<typeof setup>>;

/** One anvil chain per test file, deployed and funded once; every test starts from the same snapshot. */
export function useChain(): Fixture {
  const fixture = {} as Fixture;
  let snapshot: Hex | undefined;
  beforeAll(async () => {
    Object.assign(fixture, await setup());
    if (fixture.anvil.process.exitCode !== null) throw new Error("anvil exited during setup");
  });
  beforeEach(async () => {
    if (snapshot) await fixture.testClient.revert({ id: snapshot });
    snapshot = await fixture.testClient.snapshot();
  });
  afterAll(async () => {
    await fixture.anvil?.stop();
  });
  return fixture;
}

/** The decoded revert of a call that must revert; any other failure is rethrown. */
export async function revertedWith(call: Promise<unknown>): Promise<ContractFunctionRevertedError> {
  try {
    await call;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError) return reverted;
    throw error;
  }
  throw new Error("expected the call to revert, but it succeeded");
}

/** Asserts the call reverts with exactly this `require` reason string. */
export async function expectRevert(call: Promise<unknown>, reason: string): Promise<void> {
  expect((await revertedWith(call)).reason).toBe(reason);
}

/** The decoded arguments of every `eventName` log in the receipt, in log order. */
export function eventsOf<const abi extends Abi, eventName extends ContractEventName<abi>>(
  receipt: TransactionReceipt,
  abi: abi,
  eventName: eventName,
) {
  return parseEventLogs({ abi, eventName, logs: receipt.logs }).map((log) => log.args);
}
