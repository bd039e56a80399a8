import { pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import { MESSAGES } from "@pli/api/public-contract";
import { useQueryClient } from "@tanstack/react-query";
import { useChainConfig } from "@/chain/chain-config";
import { pliText } from "@pli/api/public-contract";
import { useSafeProposal } from "@/chain/safe/use-safe-proposal";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";
import { useToast } from "@/shared/ui/toast";
import { incentiveKeys } from "../api/keys";
import { recordRewardDeposit } from "../api/record-reward-deposit";
import { incentiveMessages } from "../messages";
import { formatTokenExact } from "@/shared/format";

/**
 * 'Deposit PLI' (spec 4): approve exactly the amount to the reward contract, then depositReward,
 * each through the one transaction flow; once the deposit is indexed (and recorded in the audit trail) the reward
 * balance is read again ('Token Successfully Deposited on Defi Contract'). Resolves true when deposited. In Safe mode
 * the deposit is proposed instead, as one approve-and-deposit Safe transaction from the Safe's own PLI.
 */
export function useDeposit() {
  const flow = useTxFlow({ pendingKey: "deposit-reward" });
  const { contracts } = useChainConfig();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { proposeIfSafe } = useSafeProposal();

  const deposit = async (amount: bigint): Promise<boolean> => {
    const outcome = await proposeIfSafe({ kind: "deposit", amount: pliText(amount) });
    if (outcome !== "direct") return outcome === "proposed";
    const pli = formatTokenExact(amount);
    try {
      await flow.send(
        {
          address: contracts.pliToken,
          abi: pluginTokenAbi,
          functionName: "approve",
          args: [contracts.stakingRewards, amount],
          gas: GAS.standard,
        },
        { label: incentiveMessages.approveLabel(pli) },
      );
      await flow.send(
        {
          address: contracts.stakingRewards,
          abi: stakingRewardsAbi,
          functionName: "depositReward",
          args: [amount],
          gas: GAS.standard,
        },
        { label: incentiveMessages.depositLabel(pli), indexed: recordRewardDeposit },
      );
    } catch {
      return false;
    }
    await queryClient.invalidateQueries({ queryKey: incentiveKeys.summary() });
    toast.success(MESSAGES.tokenDeposited);
    return true;
  };

  return { deposit, flow };
}
