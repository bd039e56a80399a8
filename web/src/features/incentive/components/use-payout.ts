import { stakingRewardsAbi } from "@pli/abis";
import { MESSAGES, rewardPoolShort, type IncentiveResponse } from "@pli/api/public-contract";
import { useQueryClient } from "@tanstack/react-query";
import { getAddress, type TransactionReceipt } from "viem";
import { useChainConfig } from "@/chain/chain-config";
import { indexedThrough } from "@/chain/indexed-block";
import { useSafeProposal } from "@/chain/safe/use-safe-proposal";
import { useTxFlow } from "@/chain/tx-flow";
import { GAS } from "@/chain/tx-gas";
import { isOutcomeOpen, TxFlowError } from "@/chain/tx-failure";
import { errorMessage, fieldErrors } from "@/shared/api/http";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { incentiveKeys } from "../api/keys";
import { planPayout, type PlannedBatch } from "../api/plan-payout";
import { releasePayout, renewPayoutHold } from "../api/payout-hold";
import { sendBatches, unpaidBatches, type BatchesOutcome } from "./send-batches";
import { sendPayoutHint } from "../api/send-payout-hint";
import { incentiveMessages } from "../messages";
import { formatToken } from "@/shared/format";

/**
 * Pay Now: refused before anything is sent when the reward pool (indexed from the chain) is smaller
 * than the selection (spec 8's message); then the typed confirmation; then the API's plan, whose
 * payRewards(wallets, amounts, dates, nodes) batches go one after the other through the one
 * transaction flow (spec 9's gas), each waiting until it is indexed and the API shows its rows Paid
 * (the hash goes to the API as a hint). Resolves true once every batch is paid. In Safe mode the typed
 * confirmation guards a proposal instead: the whole payout as one Safe transaction, paid once owners execute it
 * (resolves true once proposed).
 */
export function usePayout() {
  const flow = useTxFlow();
  const { contracts } = useChainConfig();
  const queryClient = useQueryClient();
  const { alert, confirmTyped } = useDialogs();
  const toast = useToast();
  const { proposeIfSafe } = useSafeProposal();

  const payBatch = async (planId: string, batch: PlannedBatch, index: number, count: number) => {
    await renewPayoutHold(planId, batch.ids);
    let paid: string[] = [];
    const rowsPaid = async (receipt: TransactionReceipt) => {
      if (!(await indexedThrough(receipt))) return false;
      paid = (await sendPayoutHint(receipt.transactionHash, batch.ids)).paid;
      return true;
    };
    await flow.send(
      {
        address: contracts.stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "payRewards",
        args: [
          batch.wallets.map((wallet) => getAddress(wallet)),
          batch.amounts.map(BigInt),
          batch.dates.map(BigInt),
          batch.nodes.map((node) => getAddress(node)),
        ],
        gas: GAS.standard,
      },
      {
        label: incentiveMessages.batchLabel(index + 1, count, batch.ids.length, formatToken(BigInt(batch.total))),
        indexed: rowsPaid,
      },
    );
    return paid.length === batch.ids.length;
  };

  const pay = async (rows: IncentiveResponse[], rewardBalance: bigint | undefined): Promise<boolean> => {
    const total = rows.reduce((sum, row) => sum + BigInt(row.token), 0n);
    if (rewardBalance !== undefined && rewardPoolShort(rewardBalance, total)) {
      await alert({ title: MESSAGES.insufficientRewardPool, tone: "error" });
      return false;
    }
    if (!(await confirmTyped({ text: incentiveMessages.confirmPay(rows.length, formatToken(total)) }))) return false;
    const outcome = await proposeIfSafe({ kind: "payout", ids: rows.map((row) => row._id) });
    if (outcome !== "direct") return outcome === "proposed";
    let batches: PlannedBatch[];
    let planId: string;
    try {
      ({ batches, planId } = await planPayout(rows.map((row) => row._id)));
    } catch (error) {
      await alert({ title: errorMessage(error), text: fieldErrors(error).ids, tone: "error" });
      return false;
    }
    let sent: BatchesOutcome<PlannedBatch>;
    try {
      sent = await sendBatches(batches, (batch, index) => payBatch(planId, batch, index, batches.length));
    } finally {
      await queryClient.invalidateQueries({ queryKey: incentiveKeys.all });
    }
    if (sent.failed !== null) {
      const { error } = sent.failed;
      const unpaid = unpaidBatches(sent, (failure) => failure instanceof TxFlowError && isOutcomeOpen(failure.failure));
      if (unpaid.length > 0)
        await releasePayout(
          planId,
          unpaid.flatMap((batch) => batch.ids),
        ).catch(() => undefined);
      if (!(error instanceof TxFlowError))
        await alert({ title: errorMessage(error), text: fieldErrors(error).ids, tone: "error" });
      if (batches.length > 1 && unpaid.length > 0) {
        const incentives = unpaid.reduce((sum, batch) => sum + batch.ids.length, 0);
        const pli = formatToken(unpaid.reduce((sum, batch) => sum + BigInt(batch.total), 0n));
        toast.error(incentiveMessages.batchesNotSent(unpaid.length, batches.length, incentives, pli));
      }
      return false;
    }
    const { allPaid } = sent;
    if (allPaid) toast.success(MESSAGES.tokenSent);
    else toast.error(MESSAGES.paymentUpdateFailed);
    return allPaid;
  };

  return { pay, flow };
}
