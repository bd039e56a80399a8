import { createPublicClient, formatGwei, http, numberToHex, type Address, type PublicClient } from "viem";
import { chainHttp } from "./chain-transport.ts";

/** What the chain's endpoint turned out to be at start: logged by the indexer and the API, reported by its readiness. */
export interface ChainProbe {
  chainId: number;
  /** How the endpoint writes addresses in its answers (read normalised either way). */
  addressPrefix: "0x" | "xdc";
  /** Whether it answers `eth_feeHistory` and `eth_maxPriorityFeePerGas` (XDC before v2.6.8 does not). */
  feeMethods: { feeHistory: boolean; maxPriorityFeePerGas: boolean };
  /** The latest block's base fee in gwei; null on a chain without EIP-1559. */
  baseFeeGwei: string | null;
  gasPriceGwei: string;
  /**
   * The widest `eth_getLogs` range (toBlock - fromBlock) it served of those tried (ending at the head, or starting at
   * block 0 on a shorter chain), and the narrowest it refused, with its words.
   */
  logRange: { accepted: number | null; refused: number | null; message: string | null };
}

/** A configured value the endpoint contradicts: the start stops with this message, naming the variable. */
export class ChainProbeError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable} ${message}`);
    this.name = "ChainProbeError";
  }
}

/** Ranges tried, widest first: 10,000 is more than any XDC node serves (5,000). */
const LOG_RANGES = [10_000, 5_000, 1_000];

const ok = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/**
 * Probes the endpoint at `rpcUrl`: its chain id and the code at each configured contract (a mismatch throws a
 * ChainProbeError naming the variable), then how it writes addresses, which fee methods it has, its base fee and gas
 * price, and the `eth_getLogs` range it accepts. Network failures throw as they are (the caller retries).
 */
export async function probeChain(
  rpcUrl: string,
  expected: { chainId: number; contracts: Record<string, Address | undefined> },
): Promise<ChainProbe> {
  const raw = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) }) as PublicClient;
  const client = createPublicClient({ transport: chainHttp(rpcUrl, { retryCount: 1 }) }) as PublicClient;
  const chainId = await client.getChainId();
  if (chainId !== expected.chainId)
    throw new ChainProbeError(
      "CHAIN_ID",
      `is ${expected.chainId}, but the endpoint at RPC_URL serves chain ${chainId}`,
    );
  for (const [variable, address] of Object.entries(expected.contracts)) {
    if (!address) continue;
    const code = await client.getCode({ address });
    if (!code || code === "0x")
      throw new ChainProbeError(variable, `is ${address}, but chain ${chainId} has no contract code there`);
  }
  const latest = await raw.request({ method: "eth_getBlockByNumber", params: ["latest", false] });
  const head = BigInt(latest!.number!);
  const [feeHistory, maxPriorityFeePerGas, gasPrice] = await Promise.all([
    ok(raw.request({ method: "eth_feeHistory", params: ["0x1", "latest", []] })),
    ok(raw.request({ method: "eth_maxPriorityFeePerGas" })),
    client.getGasPrice(),
  ]);
  const logRange: ChainProbe["logRange"] = { accepted: null, refused: null, message: null };
  const address = Object.values(expected.contracts).find(Boolean);
  for (const range of LOG_RANGES) {
    const from = head > BigInt(range) ? head - BigInt(range) : 0n;
    try {
      await raw.request({
        method: "eth_getLogs",
        params: [{ address, fromBlock: numberToHex(from), toBlock: numberToHex(from + BigInt(range)) }],
      });
      logRange.accepted = range;
      break;
    } catch (error) {
      logRange.refused = range;
      logRange.message = (error as { details?: string }).details ?? (error as Error).message;
    }
  }
  const miner = String(latest!.miner ?? "");
  return {
    chainId,
    addressPrefix: miner.startsWith("xdc") ? "xdc" : "0x",
    feeMethods: { feeHistory, maxPriorityFeePerGas },
    baseFeeGwei: latest!.baseFeePerGas ? formatGwei(BigInt(latest!.baseFeePerGas)) : null,
    gasPriceGwei: formatGwei(gasPrice),
    logRange,
  };
}

/** The probe on one line, for a person reading the start's log. */
export const describeProbe = (probe: ChainProbe) =>
  [
    `chain ${probe.chainId}`,
    `addresses ${probe.addressPrefix}…`,
    `eth_feeHistory ${probe.feeMethods.feeHistory ? "yes" : "no"}`,
    `eth_maxPriorityFeePerGas ${probe.feeMethods.maxPriorityFeePerGas ? "yes" : "no"}`,
    `base fee ${probe.baseFeeGwei === null ? "none (pre-1559)" : `${probe.baseFeeGwei} gwei`}`,
    `gas price ${probe.gasPriceGwei} gwei`,
    `eth_getLogs ${probe.logRange.accepted === null ? "no range" : `${probe.logRange.accepted} blocks`} accepted${
      probe.logRange.refused === null ? "" : `, ${probe.logRange.refused} refused (${probe.logRange.message})`
    }`,
  ].join(", ");
