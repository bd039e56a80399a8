import { useCallback, useState } from "react";
import type { Hex, TransactionReceipt } from "viem";
import { useConfig, useConnect } from "wagmi";
import { getConnection, waitForTransactionReceipt } from "wagmi/actions";
import { useChainConfig } from "./chain-config";
import { classifyTxError, TxFlowError, type TxFailure } from "./tx-failure";
import { useWalletConnector } from "./use-wallet-connector";
import type { WagmiConfig } from "./wagmi-config";

/** Receipts are polled every 3000 ms (spec section 9). */
export const RECEIPT_POLL_MS = 3000;
const RECEIPT_TIMEOUT_MS = 180_000;
const INDEX_TIMEOUT_MS = 60_000;
const INDEX_POLL_MS = 500;
/** Gas limits of the spec (section 9). */
export const GAS = { stakeLimits: 210_000n, standard: 2_100_000n } as const;

/** The stages every chain action goes through; `indexed` only when the caller waits for the portal. */
export const TX_STEPS = ["wallet", "submitted", "mined", "indexed"] as const;
export type TxStep = (typeof TX_STEPS)[number];

export interface TxState {
  status: "idle" | "running" | "done" | "failed";
  step: TxStep;
  label: string;
  waitsForIndex: boolean;
  hash?: Hex;
  failure?: TxFailure;
}

const IDLE: TxState = { status: "idle", step: "wallet", label: "", waitsForIndex: false };

export interface TxOptions {
  /** What the transaction does, shown while it runs. */
  label: string;
  /** The wallet the session signed in with; another connected account is refused before sending. */
  expectedAccount?: string;
  /** Resolves true once the portal's API shows the transaction's effect (chain events indexed). */
  indexed?: (receipt: TransactionReceipt) => Promise<boolean>;
}

async function waitUntilIndexed(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
  }
  return false;
}

/**
 * The one transaction flow of the app, typed from the ABIs: wallet prompt, submitted, mined, indexed
 * by the portal. Each stage is published in `state` (see TxProgress); any failure is thrown as a
 * TxFlowError whose `failure` says why (rejected, reverted, wrong account or chain, unknown outcome).
 */
export function useTxFlow() {
  const config = useConfig();
  const chain = useChainConfig();
  const connector = useWalletConnector();
  const connect = useConnect();
  const [state, setState] = useState<TxState>(IDLE);

  const ensureWallet = useCallback(
    async (expectedAccount?: string) => {
      if (!getConnection(config).address) {
        if (!connector) throw new TxFlowError({ kind: "noWallet" });
        await connect.mutateAsync({ connector });
      }
      const connection = getConnection(config);
      if (expectedAccount && connection.address?.toLowerCase() !== expectedAccount.toLowerCase()) {
        throw new TxFlowError({ kind: "wrongAccount", expected: expectedAccount, connected: connection.address });
      }
      if (connection.chainId !== chain.chainId) throw new TxFlowError({ kind: "wrongChain", expected: chain.chainId, connected: connection.chainId });
    },
    [config, connector, connect, chain.chainId],
  );

  /**
   * Runs one transaction. `write` sends it with wagmi's `writeContract` (typed by the ABI at the call
   * site) and returns its hash; the flow does the rest.
   */
  async function run(write: (config: WagmiConfig) => Promise<Hex>, options: TxOptions): Promise<Hex> {
    const waitsForIndex = Boolean(options.indexed);
    setState({ status: "running", step: "wallet", label: options.label, waitsForIndex });
    let hash: Hex | undefined;
    try {
      await ensureWallet(options.expectedAccount);
      hash = await write(config);
      setState((s) => ({ ...s, step: "submitted", hash }));
      const sent = hash;
      const receipt = await waitForTransactionReceipt(config, { hash: sent, pollingInterval: RECEIPT_POLL_MS, timeout: RECEIPT_TIMEOUT_MS }).catch(() => {
        throw new TxFlowError({ kind: "unknownOutcome", hash: sent });
      });
      if (receipt.status !== "success") throw new TxFlowError({ kind: "reverted", hash: sent });
      setState((s) => ({ ...s, step: "mined" }));
      const { indexed } = options;
      if (indexed) {
        if (!(await waitUntilIndexed(() => indexed(receipt)))) throw new TxFlowError({ kind: "notIndexed", hash: sent });
        setState((s) => ({ ...s, step: "indexed" }));
      }
      setState((s) => ({ ...s, status: "done" }));
      return sent;
    } catch (error) {
      const failure = classifyTxError(error, hash);
      setState((s) => ({ ...s, status: "failed", failure, hash: hash ?? s.hash }));
      throw new TxFlowError(failure);
    }
  }

  const reset = useCallback(() => setState(IDLE), []);
  return { run, state, reset, explorerTxUrl: (hash: Hex) => `${chain.explorer.txUrl}${hash}` };
}
