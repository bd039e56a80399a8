import { stakingRewardsAbi } from "@pli/abis";
import { useCallback } from "react";
import { parseUnits } from "viem";
import { useChainConfig } from "../../../chain/chain-config";
import { GAS, useContractTx } from "../../../chain/use-contract-tx";

/**
 * Sends setMinStakeAmt / setMaxStakeAmt for the limits that changed, in an order the contract accepts
 * (it requires minimum <= maximum after each call). Resolves once every transaction is mined.
 */
export function useStakeLimitsTx() {
  const send = useContractTx();
  const { contracts } = useChainConfig();
  return useCallback(
    async (current: { min: string; max: string }, next: { min: string; max: string }) => {
      const call = (functionName: "setMinStakeAmt" | "setMaxStakeAmt", amount: string) =>
        send({ address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName, args: [parseUnits(amount, 18)], gas: GAS.stakeLimits });
      const minChanged = current.min !== next.min;
      const maxChanged = current.max !== next.max;
      if (minChanged && maxChanged && BigInt(next.min) > BigInt(current.max)) {
        await call("setMaxStakeAmt", next.max);
        await call("setMinStakeAmt", next.min);
        return;
      }
      if (minChanged) await call("setMinStakeAmt", next.min);
      if (maxChanged) await call("setMaxStakeAmt", next.max);
    },
    [send, contracts.stakingRewards],
  );
}
