import { useQuery } from "@tanstack/react-query";
import { isHash, TransactionNotFoundError, TransactionReceiptNotFoundError, type Hex, type PublicClient } from "viem";
import { useConfig } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { RECEIPT_POLL_MS } from "./receipt-wait";

/**
 * Transactions a person sent that the chain has not mined yet, kept in the browser's local storage by what they do
 * (the key names the chain, the wallet and the action, such as staking on one node), with when they were sent. A page
 * left while its transaction was pending, a reload, or a wait for a receipt that ran out of time would otherwise forget
 * it, and the same stake could be sent again beside it. Kept until the chain has its receipt or, once UNKNOWN_GRACE_MS
 * have passed since it was sent, no longer knows the transaction (dropped).
 */
const STORAGE_PREFIX = "pli.pendingTx:";

/**
 * How long a transaction the portal's node does not know is still taken as on its way: a wallet sends through its own
 * node, and the transaction reaches the portal's (or every node behind a load-balanced RPC) only later.
 */
export const UNKNOWN_GRACE_MS = 10 * 60_000;

const storage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

/** The kept transaction and when it was sent (0 when kept without a time). */
function readKept(key: string): { hash: Hex; sentAt: number } | null {
  const [hash, sentAt] = (storage()?.getItem(STORAGE_PREFIX + key) ?? "").split(" ");
  return hash !== undefined && isHash(hash) ? { hash, sentAt: Number(sentAt) || 0 } : null;
}

export function readPendingTx(key: string): Hex | null {
  return readKept(key)?.hash ?? null;
}

export function rememberPendingTx(key: string, hash: Hex, sentAt = Date.now()): void {
  storage()?.setItem(STORAGE_PREFIX + key, `${hash} ${sentAt}`);
}

/** Forgets `hash` under `key`, unless another transaction has taken its place there since. */
export function forgetPendingTx(key: string, hash: Hex): void {
  if (readPendingTx(key) === hash) storage()?.removeItem(STORAGE_PREFIX + key);
}

export const pendingTxQueryKey = (key: string | undefined) => ["pending-tx", key] as const;

type ChainReader = Pick<PublicClient, "getTransactionReceipt" | "getTransaction">;

/**
 * The transaction kept under `key` if the chain still has it pending, else null: mined (a receipt) or unknown to the
 * node past UNKNOWN_GRACE_MS since it was sent (dropped), it is forgotten. Throws when the chain cannot be asked.
 */
export async function pendingTxOnChain(client: ChainReader, key: string, now = Date.now()): Promise<Hex | null> {
  const kept = readKept(key);
  if (kept === null) return null;
  const { hash } = kept;
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
  if (receipt !== null || (!known && now - kept.sentAt >= UNKNOWN_GRACE_MS)) {
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
