import { useCallback } from "react";
import type { Abi, Hex } from "viem";
import { useConfig, useConnect } from "wagmi";
import { getConnection, waitForTransactionReceipt, writeContract } from "wagmi/actions";
import { useWalletConnector } from "./use-wallet-connector";

/** Receipts are polled every 3000 ms (spec section 9). */
export const RECEIPT_POLL_MS = 3000;
/** Gas limits of the spec (section 7, Chain). */
export const GAS = { stakeLimits: 210_000n, standard: 2_100_000n } as const;

export class ChainTxError extends Error {
  constructor(
    message: string,
    readonly hash?: Hex,
    readonly rejected = false,
  ) {
    super(message);
    this.name = "ChainTxError";
  }
}

interface TxRequest {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  gas?: bigint;
}

/**
 * One way to send a contract transaction: connect the wallet when needed, send, then wait for the
 * receipt. Throws ChainTxError for a rejection, a revert or a dropped transaction.
 */
export function useContractTx() {
  const config = useConfig();
  const connector = useWalletConnector();
  const connect = useConnect();
  return useCallback(
    async (request: TxRequest): Promise<Hex> => {
      if (!getConnection(config).address) {
        if (!connector) throw new ChainTxError("No wallet extension found");
        await connect.mutateAsync({ connector });
      }
      let hash: Hex;
      try {
        hash = await writeContract(config, request as Parameters<typeof writeContract>[1]);
      } catch (error) {
        const rejected = error instanceof Error && /reject|denied|4001/i.test(`${error.message} ${(error as { code?: unknown }).code ?? ""}`);
        throw new ChainTxError(rejected ? "The transaction was rejected in the wallet" : error instanceof Error ? error.message : String(error), undefined, rejected);
      }
      const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: RECEIPT_POLL_MS }).catch(() => null);
      if (!receipt || receipt.status !== "success") throw new ChainTxError("The transaction failed on chain", hash);
      return hash;
    },
    [config, connector, connect],
  );
}
