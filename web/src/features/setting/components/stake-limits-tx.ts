import { stakingRewardsAbi } from "@pli/abis";
import { useChainConfig } from "@/chain/chain-config";
import { pliText, stakeLimitCalls, type StakeLimitPair } from "@pli/api/public-contract";
import { useSafeProposal } from "@/chain/safe/use-safe-proposal";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";
import { recordStakeLimitChange } from "../api/record-stake-limit-change";
import { formatTokenExact } from "@/shared/format";

/**
 * Sends setMinStakeAmt / setMaxStakeAmt for the limits that differ from the chain's, in an order the
 * contract accepts (it requires minimum <= maximum after each call), through the one transaction flow.
 * Each is done once the portal has indexed it and recorded it as sent from the settings page; throws
 * TxFlowError otherwise. In Safe mode the changed limits are proposed to the Safe as one transaction instead (they
 * change once owners execute it); a proposal that could not be made throws.
 */
export function useStakeLimitsTx() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const { proposeIfSafe } = useSafeProposal();
  const call = (functionName: "setMinStakeAmt" | "setMaxStakeAmt", wei: bigint) =>
    flow.send(
      { address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName, args: [wei], gas: GAS.stakeLimits },
      {
        label: `Set the ${functionName === "setMinStakeAmt" ? "minimum" : "maximum"} stake to ${formatTokenExact(wei)} PLI`,
        indexed: recordStakeLimitChange,
      },
    );
  const send = async (current: StakeLimitPair, next: StakeLimitPair) => {
    const minChanged = current.min !== next.min;
    const maxChanged = current.max !== next.max;
    if (!minChanged && !maxChanged) return;
    const outcome = await proposeIfSafe({
      kind: "stakeLimits",
      ...(minChanged ? { minStake: pliText(next.min) } : {}),
      ...(maxChanged ? { maxStake: pliText(next.max) } : {}),
    });
    if (outcome === "proposed") return;
    if (outcome === "failed") throw new Error(outcome);
    for (const { functionName, value } of stakeLimitCalls(current, next)) await call(functionName, value);
  };
  return { send, flow };
}
