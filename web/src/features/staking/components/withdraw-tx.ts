import { stakingRewardsAbi } from "@pli/abis";
import { STAKE_STATUS, type StakeEventResponse } from "@pli/api/contract";
import { getAddress, type TransactionReceipt } from "viem";
import { useChainConfig } from "@/chain/chain-config";
import { indexedThrough } from "@/chain/indexed-block";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";
import { getStakeStatus } from "../api/get-stake-status";
import { stakingMessages } from "../messages";

/**
 * unstake(node) of an unlocked position from the operator's wallet, through the one transaction flow:
 * resolves once the API shows the position Withdraw (for a node outside the portal, once the indexer
 * has passed the transaction's block).
 */
export function useWithdrawTx() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const send = (row: Pick<StakeEventResponse, "nodeAddress" | "nodeId">) => {
    const { nodeId } = row;
    const withdrawn = nodeId ? async () => (await getStakeStatus(nodeId)).currentStatus === STAKE_STATUS.withdraw : (receipt: TransactionReceipt) => indexedThrough(receipt);
    return flow.send(
      { address: contracts.stakingRewards, abi: stakingRewardsAbi, functionName: "unstake", args: [getAddress(row.nodeAddress)], gas: GAS.standard },
      { label: stakingMessages.withdrawLabel, indexed: withdrawn },
    );
  };
  return { send, flow };
}
