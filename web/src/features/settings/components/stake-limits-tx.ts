import { stakingRewardsAbi } from "@pli/abis";
import { parseUnits } from "viem";
import { useChainConfig } from "@/chain/chain-config";
import { indexedThrough } from "@/chain/indexed-block";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";

/** Stake limits in whole PLI. */
export interface StakeLimits {
  min: bigint;
  max: bigint;
}

/**
 * Sends setMinStakeAmt / setMaxStakeAmt for the limits that changed, in an order the contract accepts
 * (it requires minimum <= maximum after each call), through the one transaction flow. Resolves once
 * every transaction is mined and indexed by the portal; throws TxFlowError otherwise.
 */
export function useStakeLimitsTx() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const call = (functionName: "setMinStakeAmt" | "setMaxStakeAmt", tokens: bigint) =>
    flow.send(
      { address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName, args: [parseUnits(tokens.toString(), 18)], gas: GAS.stakeLimits },
      { label: `Set the ${functionName === "setMinStakeAmt" ? "minimum" : "maximum"} stake to ${tokens.toLocaleString("en-US")} PLI`, indexed: indexedThrough },
    );
  const send = async (current: StakeLimits, next: StakeLimits) => {
    const minChanged = current.min !== next.min;
    const maxChanged = current.max !== next.max;
    if (minChanged && maxChanged && next.min > current.max) {
      await call("setMaxStakeAmt", next.max);
      await call("setMinStakeAmt", next.min);
      return;
    }
    if (minChanged) await call("setMinStakeAmt", next.min);
    if (maxChanged) await call("setMaxStakeAmt", next.max);
  };
  return { send, flow };
}
