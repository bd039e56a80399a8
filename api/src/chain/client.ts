import { createPublicClient, TransactionReceiptNotFoundError, type PublicClient } from "viem";
import { chainHttp } from "@pli/abis";

/**
 * Bounds on the API's calls to the chain's RPC: each try gives up after 3 s and a failed one is tried twice more (after
 * 150 and 300 ms), so a route reading the chain answers within about 10 s even when the node crawls or refuses (then
 * 503, see shared/outage.ts), and a public endpoint failing one call in ten still answers nearly every request.
 * viem's defaults (10 s, three retries with growing waits) could hold a request for over 40 s.
 */
export const CHAIN_RPC_LIMITS = { timeout: 3_000, retryCount: 2, retryDelay: 150 } as const;

/**
 * The API's client of the chain's RPC (the server, the accrual command and the tests' apps), reading an XDC node's
 * `xdc…` addresses as `0x…` (chainHttp).
 */
export const createChainClient = (rpcUrl: string): PublicClient =>
  createPublicClient({ transport: chainHttp(rpcUrl, CHAIN_RPC_LIMITS) });

/**
 * The chain's receipt of `hash`, or null when the chain has none (unknown or not mined yet). A chain that cannot be
 * asked throws, so the route answers 503 rather than calling a transaction unknown.
 */
export async function receiptOrNull(chain: PublicClient, hash: `0x${string}`) {
  try {
    return await chain.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}
