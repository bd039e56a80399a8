import { pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import { useQueryClient } from "@tanstack/react-query";
import { encodeAbiParameters, getAddress, type TransactionReceipt } from "viem";
import { useChainConfig } from "@/chain/chain-config";
import { indexedThrough } from "@/chain/indexed-block";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";
import { totalStakedQueryOptions } from "@/shared/session/total-staked";
import { stakingMessages } from "../messages";
import { stakedTotalOf } from "../stake-amount";
import { formatTokenExact } from "@/shared/format";

/**
 * The staking screen's chain actions on one node, through the one transaction flow: approve exactly
 * the amount to the staking contract, stake or top up (after an approval), or both at once through
 * the token's transferAndCall. A stake resolves once the API shows the position's new total.
 */
export function useStakeTxs(node: { _id: string; nodeAddress: string }) {
  const flow = useTxFlow({ pendingKey: `stake:${node._id}` });
  const queryClient = useQueryClient();
  const { contracts } = useChainConfig();
  const nodeAddress = getAddress(node.nodeAddress);

  const totalShown = async (receipt: TransactionReceipt) => {
    const total = stakedTotalOf(receipt, contracts.stakingRewards);
    if (total === undefined) return indexedThrough(receipt);
    return (await queryClient.fetchQuery({ ...totalStakedQueryOptions(node._id), staleTime: 0 })) >= total;
  };

  const approve = (amount: bigint) =>
    flow.send(
      {
        address: contracts.pliToken,
        abi: pluginTokenAbi,
        functionName: "approve",
        args: [contracts.stakingRewards, amount],
        gas: GAS.standard,
      },
      { label: stakingMessages.approveLabel(formatTokenExact(amount)) },
    );

  const stake = (amount: bigint, first: boolean) =>
    first
      ? flow.send(
          {
            address: contracts.stakingRewards,
            abi: stakingRewardsAbi,
            functionName: "stakeTokens",
            args: [amount, nodeAddress],
            gas: GAS.standard,
          },
          { label: stakingMessages.stakeLabel(formatTokenExact(amount)), indexed: totalShown },
        )
      : flow.send(
          {
            address: contracts.stakingRewards,
            abi: stakingRewardsAbi,
            functionName: "topupStake",
            args: [amount, nodeAddress],
            gas: GAS.standard,
          },
          { label: stakingMessages.topUpLabel(formatTokenExact(amount)), indexed: totalShown },
        );

  /** The staking contract's onTokenTransfer takes the node address ABI-encoded as the data, and stakes or tops up. */
  const stakeInOne = (amount: bigint, first: boolean) =>
    flow.send(
      {
        address: contracts.pliToken,
        abi: pluginTokenAbi,
        functionName: "transferAndCall",
        args: [contracts.stakingRewards, amount, encodeAbiParameters([{ type: "address" }], [nodeAddress])],
        gas: GAS.standard,
      },
      {
        label: (first ? stakingMessages.stakeLabel : stakingMessages.topUpLabel)(formatTokenExact(amount)),
        indexed: totalShown,
      },
    );

  return { flow, approve, stake, stakeInOne };
}
