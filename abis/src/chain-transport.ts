import { http, type HttpTransportConfig, type Transport } from "viem";

const XDC_ADDRESS = /^xdc([0-9a-fA-F]{40})$/;

/**
 * A chain answer as the portal reads it: every address an XDC node wrote `xdc…` (XDPoSChain before v2.0.0, or with
 * `--enable-xdc-prefix`) turned into its `0x…` form, lower case as such nodes write it. Nothing else a node answers
 * looks like that (hashes, data and quantities are `0x` hex), so the whole answer is walked.
 */
export function normalizeChainAnswer<T>(value: T): T {
  if (typeof value === "string") {
    const match = XDC_ADDRESS.exec(value);
    return (match ? `0x${match[1]!.toLowerCase()}` : value) as T;
  }
  if (Array.isArray(value)) return value.map(normalizeChainAnswer) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = normalizeChainAnswer(item);
    return out as T;
  }
  return value;
}

/**
 * CHAIN_NORMALIZE=off (Node only) leaves answers as the node wrote them: for `npm run verify:chain -- --xdc` to show that
 * the portal fails on an XDC node without this wrapper. Never set it in a deployment.
 */
const normalizationOff = () =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.CHAIN_NORMALIZE === "off";

/**
 * `transport` with its answers normalised (normalizeChainAnswer): the one place where the indexer, the API and the web
 * app make an XDC node's answers read like any other node's.
 */
export function normalizedTransport<T extends Transport>(transport: T): T {
  if (normalizationOff()) return transport;
  return ((options: Parameters<T>[0]) => {
    const inner = transport(options);
    const request: typeof inner.request = async (args, requestOptions) =>
      normalizeChainAnswer(await inner.request(args, requestOptions));
    return { ...inner, request };
  }) as T;
}

/** viem's HTTP transport to the chain's JSON-RPC endpoint, its answers normalised. */
export const chainHttp = (url: string, config?: HttpTransportConfig): Transport =>
  normalizedTransport(http(url, config));
