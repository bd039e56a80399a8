import { execTransactionArgs, safeL2Abi, safeTxFromJson } from "@pli/abis";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getAddress, isAddressEqual, type Address, type Hex } from "viem";
import { useConfig } from "wagmi";
import { getConnection, getConnectorClient } from "wagmi/actions";
import { classifyTxError, describeTxFailure } from "@/chain/tx-failure";
import { useTxFlow } from "@/chain/tx-flow";
import {
  confirmSafeProposal,
  getSafeProposals,
  recordSafeExecution,
  safeKeys,
  type SafeInfo,
  type SafeProposal,
} from "@/chain/safe/safe-api";
import { fieldErrorMessage, HttpError } from "@/shared/api/http";
import { useToast } from "@/shared/ui/toast";
import { safeMessages } from "../messages";
import { signSafeTx, type RawRequest } from "./sign-safe-tx";

/**
 * Confirm, Approve on chain and Execute for one proposal, with the connected wallet. Confirm signs and sends the
 * signature to the API, which refuses it (a field error on signature) unless it recovers to a current owner for the
 * proposal's own nonce. Approve on chain (approveHash) and Execute (execTransaction, its gas estimated) are sent
 * through the one transaction flow and end once the portal has indexed them.
 */
export function useSafeActions(safe: SafeInfo, proposal: SafeProposal) {
  const config = useConfig();
  const flow = useTxFlow();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const safeAddress = getAddress(safe.safe!);
  const refresh = () => queryClient.invalidateQueries({ queryKey: safeKeys.all });

  const confirm = async () => {
    setError(null);
    setSigning(true);
    try {
      await flow.ensureWallet();
      const account = getConnection(config).address!;
      const client = await getConnectorClient(config);
      const signed = await signSafeTx(client.request as unknown as RawRequest, account, safe, proposal);
      const { message } = await confirmSafeProposal({ proposalId: proposal._id, ...signed });
      toast.success(message);
    } catch (failure) {
      const message =
        failure instanceof HttpError
          ? fieldErrorMessage(failure, "signature")
          : describeTxFailure(classifyTxError(failure));
      setError(message);
      // The list refreshes next, and a proposal the refusal concerns (its nonce used, the Safe changed) may leave this
      // tab with its card: the toast says why wherever it went.
      toast.error(message);
    } finally {
      setSigning(false);
      await refresh();
    }
  };

  const approveOnChain = async () => {
    setError(null);
    try {
      await flow.send(
        { address: safeAddress, abi: safeL2Abi, functionName: "approveHash", args: [proposal.safeTxHash as Hex] },
        {
          label: safeMessages.approveLabel(proposal.nonce),
          indexed: async (receipt) => {
            const owner = receipt.from;
            const queue = await getSafeProposals(owner);
            const mine = queue.find((p) => p._id === proposal._id);
            return (
              mine?.confirmations.some(
                (c) => c.method === "approveHash" && isAddressEqual(c.owner as Address, owner),
              ) ?? false
            );
          },
        },
      );
      flow.reset();
    } catch {
      return;
    } finally {
      await refresh();
    }
  };

  const execute = async () => {
    setError(null);
    const tx = safeTxFromJson(proposal.safeTx);
    try {
      await flow.send(
        {
          address: safeAddress,
          abi: safeL2Abi,
          functionName: "execTransaction",
          args: execTransactionArgs(tx, proposal.signatures as Hex),
        },
        {
          label: safeMessages.executeLabel(proposal.nonce),
          indexed: async (receipt) => {
            const { message } = await recordSafeExecution(proposal._id, receipt.transactionHash);
            toast.success(message);
            return true;
          },
        },
      );
      flow.reset();
    } catch {
      return;
    } finally {
      await queryClient.invalidateQueries();
    }
  };

  return { confirm, approveOnChain, execute, flow, error, signing };
}
