import { stakingRewardsAbi } from "@pli/abis";
import { getAddress } from "viem";
import { useChainConfig } from "@/chain/chain-config";
import { indexedThrough } from "@/chain/indexed-block";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";
import { shortAddress } from "@/shared/format";

/**
 * whiteListIt(wallet, node) on the staking contract from the admin's wallet, through the one
 * transaction flow: resolves once it is mined and indexed by the portal (the API accepts Approved only
 * then); throws TxFlowError otherwise.
 */
export function useWhitelistTx() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const send = (wallet: string, node: string) =>
    flow.send(
      { address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName: "whiteListIt", args: [getAddress(wallet), getAddress(node)], gas: GAS.standard },
      { label: `Whitelist the node ${shortAddress(getAddress(node))}`, indexed: indexedThrough },
    );
  return { send, flow };
}
