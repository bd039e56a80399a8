import { stakingRewardsAbi } from "@pli/abis";
import { MESSAGES, STAKE_STATUS } from "@pli/api/public-contract";
import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { Hex } from "viem";
import { getAddress, type TransactionReceipt } from "viem";
import { api, ok } from "@/shared/api/http";
import { reportError } from "@/shared/api/settle";
import { liveTopicsOf } from "@/shared/live/live-store";
import { useToast } from "@/shared/ui/toast";
import { useChainConfig } from "./chain-config";
import { indexedThrough } from "./indexed-block";
import { useTxFlow } from "./tx-flow";
import { GAS } from "./tx-gas";
import { TxProgress } from "./tx-progress";

export const WITHDRAW_LABELS = { button: "Withdraw", transaction: "Withdraw the unlocked stake" } as const;

/** An unlocked position to withdraw: its `_id` (0x<wallet>-0x<node>), node address and portal node, if any. */
export interface WithdrawTarget {
  stakeId: string;
  nodeAddress: string;
  nodeId: string | null;
}

const stakeStatusOf = (nodeId: string) => ok(api.stake.getstatus.$get({ query: { nodeId } }));
const sendWithdrawHint = (_id: string, transactionHash: Hex) =>
  ok(api.stake.tokenwithdraw.$post({ json: { _id, transactionHash } }));

/**
 * Withdraw as the Transaction list and the node list offer it (spec 4): unstake(node) from the
 * operator's wallet through the one transaction flow, done once the API shows the position Withdraw
 * (for a node outside the portal, once the indexer has passed the transaction's block); then the
 * hash handed to the API as a hint ('Token Withdrawn Successfully') and every stake query refreshed.
 * A failed transaction is shown by the flow's progress dialog.
 */
export function useWithdraw() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const queryClient = useQueryClient();
  const toast = useToast();
  const withdraw = async ({ stakeId, nodeAddress, nodeId }: WithdrawTarget) => {
    const withdrawn = nodeId
      ? async () => (await stakeStatusOf(nodeId)).currentStatus === STAKE_STATUS.withdraw
      : (receipt: TransactionReceipt) => indexedThrough(receipt);
    const receipt = await flow
      .send(
        {
          address: contracts.stakingRewards,
          abi: stakingRewardsAbi,
          functionName: "unstake",
          args: [getAddress(nodeAddress)],
          gas: GAS.standard,
        },
        { label: WITHDRAW_LABELS.transaction, indexed: withdrawn },
      )
      .catch(() => null);
    if (!receipt) return;
    await sendWithdrawHint(stakeId, receipt.transactionHash).then(
      (result) => toast.success(result.message ?? MESSAGES.tokenWithdrawn),
      reportError,
    );
    await queryClient.invalidateQueries({ predicate: (query) => liveTopicsOf(query.meta).includes("stake") });
  };
  return { withdraw, flow, running: flow.state.status === "running" };
}

/** The flow's progress dialog for a page that offers Withdraw. */
export function WithdrawProgress({ flow }: { flow: ReturnType<typeof useWithdraw>["flow"] }) {
  return <TxProgress state={flow.state} explorerTxUrl={flow.explorerTxUrl} onClose={flow.reset} />;
}

/** The Withdraw button of an unlocked position. */
export function WithdrawButton({
  target,
  withdraw,
  disabled,
}: {
  target: WithdrawTarget;
  withdraw: (target: WithdrawTarget) => Promise<void>;
  disabled: boolean;
}) {
  return (
    <Button
      size="xs"
      variant="filled"
      onClick={() => void withdraw(target)}
      disabled={disabled}
      aria-label={`Withdraw the stake on ${getAddress(target.nodeAddress)}`}
    >
      {WITHDRAW_LABELS.button}
    </Button>
  );
}
