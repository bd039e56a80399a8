import { pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";
import { getAddress, type Address } from "viem";
import { shortAddress } from "@/shared/format";
import { useChainConfig } from "./chain-config";
import { indexedThrough } from "./indexed-block";
import { useTxFlow } from "./tx-flow";
import { GAS } from "./tx-gas";
import { useSafeProposal } from "./safe/use-safe-proposal";
import type { SafeAction, SafeRecord } from "@pli/api/public-contract";

/**
 * The admin's chain actions on an operator's (wallet, node): the staking whitelist, the farm whitelist, and unlocking
 * the stake.
 */
export type WalletNodeAction = "whiteListIt" | "whiteListPLIFarmNode" | "unlock";

const LABELS: Record<WalletNodeAction, (node: string) => string> = {
  whiteListIt: (node) => `Whitelist the node ${node}`,
  whiteListPLIFarmNode: (node) => `Whitelist the node ${node} on the farm`,
  unlock: (node) => `Unlock the stake on the node ${node}`,
};

/** Each action as a Safe proposal asks for it. */
const SAFE_ACTIONS: Record<WalletNodeAction, (wallet: Address, node: Address) => SafeAction> = {
  whiteListIt: (wallet, node) => ({ kind: "whitelist", contract: "StakingRewards", wallet, node }),
  whiteListPLIFarmNode: (wallet, node) => ({ kind: "whitelist", contract: "PluginFarm", wallet, node }),
  unlock: (wallet, node) => ({ kind: "unlock", wallet, node }),
};

/** Thrown when a Safe proposal could not be made (the dialog saying why has been shown). */
export class ProposalFailed extends Error {}

/**
 * `action(wallet, node)` from the admin's wallet through the one transaction flow: `send` resolves
 * once the transaction is mined and indexed by the portal (the API accepts what follows only then)
 * and throws TxFlowError otherwise. In Safe mode it proposes the action to the Safe instead and resolves "proposed":
 * nothing changes until owners execute it, so the caller saves nothing: the API saves `record` on execution.
 */
export function useWalletNodeTx(action: WalletNodeAction) {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const { proposeIfSafe, safeMode } = useSafeProposal();
  const send = async (wallet: string, node: string, record?: SafeRecord) => {
    const outcome = await proposeIfSafe(SAFE_ACTIONS[action](getAddress(wallet), getAddress(node)), record);
    if (outcome === "proposed") return "proposed" as const;
    if (outcome === "failed") throw new ProposalFailed();
    const args = [getAddress(wallet), getAddress(node)] as const;
    const options = { label: LABELS[action](shortAddress(getAddress(node))), indexed: indexedThrough };
    switch (action) {
      case "whiteListPLIFarmNode":
        return flow.send(
          { address: contracts.pluginFarm, abi: pluginFarmAbi, functionName: action, args, gas: GAS.standard },
          options,
        );
      case "whiteListIt":
      case "unlock":
        return flow.send(
          { address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName: action, args, gas: GAS.standard },
          options,
        );
    }
  };
  return { send, flow, safeMode };
}
