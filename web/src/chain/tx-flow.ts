import { useCallback, useReducer } from "react";
import {
  BaseError,
  ChainMismatchError,
  type Abi,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type TransactionReceipt,
} from "viem";
import type { ChainConfigResponse } from "@pli/api/public-contract";
import { useQueryClient } from "@tanstack/react-query";
import { useConfig, useConnect } from "wagmi";
import {
  getConnection,
  getPublicClient,
  switchChain,
  writeContract,
  type WriteContractParameters,
} from "wagmi/actions";
import { useSession } from "@/shared/session/session-provider";
import { useChainConfig } from "./chain-config";
import { networkOfConfig } from "./chain-definition";
import { forgetPendingTx, pendingTxQueryKey, rememberPendingTx, usePendingTx } from "./pending-tx";
import { waitForReceipt } from "./receipt-wait";
import { classifyTxError, TxFlowError } from "./tx-failure";
import { minedRevert, refusalBeforeSigning } from "./tx-revert";
import { TX_IDLE, txReducer } from "./tx-state";
import { useWalletConnector } from "./use-wallet-connector";
import type { WagmiConfig } from "./wagmi-config";

const INDEX_TIMEOUT_MS = 60_000;
const INDEX_POLL_MS = 500;

type Mutability = "nonpayable" | "payable";

type ChainId = WagmiConfig["chains"][number]["id"];

/** A contract write, typed by its ABI: the function name and arguments are checked at the call site. */
export type TxRequest<
  abi extends Abi,
  functionName extends ContractFunctionName<abi, Mutability>,
  args extends ContractFunctionArgs<abi, Mutability, functionName>,
> = WriteContractParameters<abi, functionName, args, WagmiConfig, ChainId>;

export interface TxOptions {
  /** What the transaction does, shown while it runs. */
  label: string;
  /** Resolves true once the portal's API shows the transaction's effect (its chain events indexed). */
  indexed?: (receipt: TransactionReceipt) => Promise<boolean>;
}

/** The receipt through the portal chain's client (waitForReceipt); without a client the outcome is not known. */
async function receiptOf(config: WagmiConfig, hash: Hex): Promise<TransactionReceipt> {
  const client = getPublicClient(config);
  if (!client) throw new TxFlowError({ kind: "unknownOutcome", hash });
  return waitForReceipt(client, hash);
}

async function waitUntil(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
  }
  return false;
}

/**
 * Asks the wallet to switch to the portal's chain (and to add it first when it does not know it, with the registry's
 * values). A wallet that cannot (XDCPay 1.x has no wallet_switchEthereumChain) or a person who declines gets the
 * network's values to add by hand.
 */
async function switchToPortalChain(config: WagmiConfig, chain: ChainConfigResponse, connected: number | undefined) {
  const network = networkOfConfig(chain);
  try {
    await switchChain(config, {
      chainId: chain.chainId as ChainId,
      addEthereumChainParameter: {
        chainName: network.name,
        nativeCurrency: network.currency,
        rpcUrls: [network.rpcUrl],
        blockExplorerUrls: [network.explorerUrl],
      },
    });
  } catch {
    throw new TxFlowError({ kind: "wrongChain", expected: chain.chainId, connected, network });
  }
}

/**
 * The one transaction flow of the app: checked first as a call on the portal chain's node (a write the contract refuses
 * never reaches the wallet: each is sent with a fixed gas, so the wallet's own estimate would not stop it, and a revert
 * costs its gas), then wallet prompt, submitted, mined, and (when the caller says how
 * to tell) indexed by the portal. Each stage is published in `state` for TxProgress; any failure is
 * thrown as a TxFlowError whose `failure` says why (rejected, reverted with the contract's reason,
 * wrong account or chain, outcome unknown). An operator's transaction must come from the wallet they
 * signed in with.
 *
 * With `pendingKey` (what the transactions do, such as staking on one node) each one sent is kept as pending until the
 * chain has its receipt, across pages and reloads (pending-tx.ts): `pending` is its hash meanwhile, and `send` refuses
 * another under the same key, so that money is never sent twice because the first transaction was lost sight of.
 */
export function useTxFlow({ pendingKey }: { pendingKey?: string } = {}) {
  const config = useConfig();
  const chain = useChainConfig();
  const { wallet } = useSession();
  const connector = useWalletConnector();
  const { mutateAsync: connect } = useConnect();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(txReducer, TX_IDLE);
  const keptAs =
    pendingKey === undefined ? undefined : [chain.chainId, wallet?.toLowerCase() ?? "", pendingKey].join(":");
  const pending = usePendingTx(keptAs);

  const ensureWallet = useCallback(async () => {
    if (!getConnection(config).address) {
      if (!connector) throw new TxFlowError({ kind: "noWallet" });
      await connect({ connector });
    }
    const connection = getConnection(config);
    if (wallet && connection.address?.toLowerCase() !== wallet.toLowerCase()) {
      throw new TxFlowError({ kind: "wrongAccount", expected: wallet, connected: connection.address });
    }
    if (connection.chainId !== chain.chainId) await switchToPortalChain(config, chain, connection.chainId);
  }, [config, connector, connect, wallet, chain]);

  const send = useCallback(
    async <
      const abi extends Abi,
      functionName extends ContractFunctionName<abi, Mutability>,
      args extends ContractFunctionArgs<abi, Mutability, functionName>,
    >(
      request: TxRequest<abi, functionName, args>,
      options: TxOptions,
    ): Promise<TransactionReceipt> => {
      dispatch({ type: "start", label: options.label, waitsForIndex: Boolean(options.indexed) });
      let hash: Hex | undefined;
      const settled = (sent: Hex) => {
        if (keptAs === undefined) return;
        forgetPendingTx(keptAs, sent);
        void queryClient.invalidateQueries({ queryKey: pendingTxQueryKey(keptAs) });
      };
      try {
        if (pending !== null) throw new TxFlowError({ kind: "unknownOutcome", hash: pending });
        await ensureWallet();
        const call = {
          abi: request.abi,
          functionName: request.functionName,
          address: request.address,
          args: request.args,
        };
        const account = getConnection(config).address;
        const refusal = account && (await refusalBeforeSigning(config, call, account, request.gas ?? undefined));
        if (refusal) throw new TxFlowError(refusal);
        hash = await writeContract<WagmiConfig, abi, functionName, args, ChainId>(config, {
          ...request,
          chainId: chain.chainId,
        }).catch((error: unknown) => {
          if (error instanceof BaseError && error.walk((cause) => cause instanceof ChainMismatchError))
            throw new TxFlowError({ kind: "wrongChain", expected: chain.chainId });
          throw error;
        });
        dispatch({ type: "submitted", hash });
        const sent = hash;
        if (keptAs !== undefined) {
          rememberPendingTx(keptAs, sent);
          void queryClient.invalidateQueries({ queryKey: pendingTxQueryKey(keptAs) });
        }
        const receipt = await receiptOf(config, sent);
        settled(sent);
        if (receipt.status !== "success") {
          throw new TxFlowError(await minedRevert(config, call, receipt));
        }
        dispatch({ type: "mined" });
        const { indexed } = options;
        if (indexed) {
          if (!(await waitUntil(() => indexed(receipt)))) throw new TxFlowError({ kind: "notIndexed", hash: sent });
          dispatch({ type: "indexed" });
        }
        dispatch({ type: "done" });
        return receipt;
      } catch (error) {
        const failure = classifyTxError(error, hash);
        if (hash !== undefined && failure.kind !== "unknownOutcome") settled(hash);
        dispatch({ type: "failed", failure });
        throw new TxFlowError(failure);
      }
    },
    [config, ensureWallet, keptAs, pending, queryClient],
  );

  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  const explorerTxUrl = useCallback((hash: Hex) => `${chain.explorer.txUrl}${hash}`, [chain.explorer.txUrl]);
  return { send, state, reset, explorerTxUrl, ensureWallet, pending };
}
