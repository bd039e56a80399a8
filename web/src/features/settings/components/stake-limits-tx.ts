import { stakingRewardsAbi } from "@pli/abis";
import { parseUnits } from "viem";
import { writeContract } from "wagmi/actions";
import { useChainConfig } from "@/chain/chain-config";
import { GAS, useTxFlow } from "@/chain/tx-flow";

/**
 * Sends setMinStakeAmt / setMaxStakeAmt for the limits that changed, in an order the contract accepts
 * (it requires minimum <= maximum after each call), through the one transaction flow. Resolves once
 * every transaction is mined.
 */
export function useStakeLimitsTx() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const call = (functionName: "setMinStakeAmt" | "setMaxStakeAmt", amount: string) =>
    flow.run(
      (config) => writeContract(config, { address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName, args: [parseUnits(amount, 18)], gas: GAS.stakeLimits }),
      { label: functionName === "setMinStakeAmt" ? `Set the minimum stake to ${amount} PLI` : `Set the maximum stake to ${amount} PLI` },
    );
  const send = async (current: { min: string; max: string }, next: { min: string; max: string }) => {
    const minChanged = current.min !== next.min;
    const maxChanged = current.max !== next.max;
    if (minChanged && maxChanged && BigInt(next.min) > BigInt(current.max)) {
      await call("setMaxStakeAmt", next.max);
      await call("setMinStakeAmt", next.min);
      return;
    }
    if (minChanged) await call("setMinStakeAmt", next.min);
    if (maxChanged) await call("setMaxStakeAmt", next.max);
  };
  return { send, flow };
}
