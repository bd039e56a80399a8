import { useQuery } from "@tanstack/react-query";
import { isHash, TransactionNotFoundError, TransactionReceiptNotFoundError, type Hex, type PublicClient } from "viem";
import { useConfig } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { RECEIPT_POLL_MS } from "./receipt-wait";

/**
 * Transactions a person sent that the chain has not mined yet, kept in the browser's local storage by what they do
 * (the key names the chain, the wallet and the action, such as staking on one node). A page left while its transaction
 * was pending, a reload, or a wait for a receipt that ran out of time would otherwise forget it, and the same stake
 * could be sent again beside it. Kept until the chain has its receipt or no longer knows the transaction (dropped).
 */
const STORAGE_PREFIX = "pli.pendingTx:";

const storage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

export function readPendingTx(key: string): Hex | null {
  const value = storage()?.getItem(STORAGE_PREFIX + key) ?? null;
  return value !== null && isHash(value) ? value : null;
}

export function rememberPendingTx(key: string, hash: Hex): void {
  storage()?.setItem(STORAGE_PREFIX + key, hash);
}

/** Forgets `hash` under `key`, unless another transaction has taken its place there since. */
export function forgetPendingTx(key: string, hash: Hex): void {
  if (readPendingTx(key) === hash) storage()?.removeItem(STORAGE_PREFIX + key);
}

export const pendingTxQueryKey = (key: string | undefined) => ["pending-tx", key] as const;

type ChainReader = Pick<PublicClient, "getTransactionReceipt" | "getTransaction">;

/**
 * The transaction kept under `key` if the chain still has it pending, else null: mined (a receipt) or unknown to the
 * node (dropped), it is forgotten. Throws when the chain cannot be asked.
 */
export async function pendingTxOnChain(client: ChainReader, key: string): Promise<Hex | null> {
  const hash = readPendingTx(key);
  if (hash === null) return null;
  const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  });
  const known =
    receipt !== null ||
    (await client.getTransaction({ hash }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof TransactionNotFoundError) return false;
        throw error;
      },
    ));
  if (receipt !== null || !known) {
    forgetPendingTx(key, hash);
    return null;
  }
  return hash;
}

/**
 * The transaction still pending under `key`, or null (pendingTxOnChain), asked of the chain every 3000 ms while there
 * is one. While the chain cannot be asked, the kept hash counts as pending: the action waits rather than risk sending
 * the same money twice.
 */
export function usePendingTx(key: string | undefined): Hex | null {
  const config = useConfig();
  const query = useQuery({
    queryKey: pendingTxQueryKey(key),
    enabled: key !== undefined,
    refetchInterval: (current) => (current.state.data || current.state.status === "error" ? RECEIPT_POLL_MS : false),
    queryFn: async (): Promise<Hex | null> => {
      if (key === undefined) return null;
      const client = getPublicClient(config);
      return client ? pendingTxOnChain(client, key) : readPendingTx(key);
    },
  });
  if (key === undefined) return null;
  return query.isError || query.data === undefined ? readPendingTx(key) : query.data;
}
