import { pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";
import { getAddress } from "viem";
import { shortAddress } from "@/shared/format";
import { useChainConfig } from "./chain-config";
import { indexedThrough } from "./indexed-block";
import { useTxFlow } from "./tx-flow";
import { GAS } from "./tx-gas";

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

/**
 * `action(wallet, node)` from the admin's wallet through the one transaction flow: `send` resolves
 * once the transaction is mined and indexed by the portal (the API accepts what follows only then)
 * and throws TxFlowError otherwise.
 */
export function useWalletNodeTx(action: WalletNodeAction) {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const send = (wallet: string, node: string) => {
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
  return { send, flow };
}
