import { parseTransaction, toHex, type Hex } from "viem";
import type { AnvilOptions } from "./anvil.ts";
import {
  startFaultyRpc,
  type FaultyRpc,
  type JsonRpcAnswer,
  type JsonRpcCall,
  type RpcFaults,
  type RpcShaper,
} from "./faulty-rpc.ts";

/** Apothem, XDC's test network: the chain id anvil runs as in XDC mode. */
export const APOTHEM_CHAIN_ID = 51;
/** XDC's minimum gas price (common/gas.go, since mainnet block 80,370,000) and its fixed EIP-1559 base fee. */
export const XDC_MIN_GAS_PRICE = 12_500_000_000n;
/** The widest `eth_getLogs` an XDC node serves (`--rpc.rangelimit`). */
export const XDC_LOG_RANGE = 5_000;
/** Seconds between XDPoS blocks. */
export const XDC_BLOCK_SECONDS = 2;
/**
 * The newest EVM rules XDC runs (Cancun's opcodes from mainnet block 98,802,000; Prague is not scheduled). Anvil's
 * default, Prague, also costs more with each block: EIP-2935 keeps the last 8,191 block hashes in a contract whose
 * storage anvil 1.7 re-hashes for every block, so the 5,100 empty blocks of an XDC backfill test took 35-75 s to mine,
 * and take 3-6 s on Cancun.
 */
export const XDC_HARDFORK = "cancun";

/**
 * How fees work on the node: `legacy` as before EIP-1559 (mainnet before block 98,800,200: legacy transactions only,
 * no base fee, no `eth_feeHistory`/`eth_maxPriorityFeePerGas`), `1559` as mainnet today (a base fee fixed at the
 * minimum gas price).
 */
export type XdcFeeMode = "legacy" | "1559";

/** Each way an XDC node differs from geth/anvil, one switch each (XDC.md); XDC_QUIRKS has them all on. */
export interface XdcQuirks {
  /** Addresses in answers written `xdc…` (lower case), as before v2.0.0 or with `--enable-xdc-prefix`. */
  xdcAddresses: boolean;
  /** The `safe` block tag refused as XDC's tag parser does. */
  refuseSafe: boolean;
  /** `finalized`: the block three behind the head (v2.6.8+), or refused like `safe` (older nodes). */
  finalized: "head-3" | "refused";
  /** The widest `eth_getLogs` range served; wider ones are refused. Null: no limit. */
  logRange: number | null;
  /**
   * The fee rules enforced; null leaves the upstream's own. Either mode answers `eth_fillTransaction` as missing: anvil
   * fills in its own fees (type 2 even on a pre-1559 chain), so a client has to work them out from the node's answers.
   */
  fees: XdcFeeMode | null;
  /** Block headers carry XDPoS's `validators`, `validator`, `penalties` and a large `extraData`. */
  headers: boolean;
  /** Websocket served (notifications rewritten like every answer); off, `eth_subscribe` and ws connections are refused. */
  websocket: boolean;
}

export const XDC_QUIRKS: XdcQuirks = {
  xdcAddresses: true,
  refuseSafe: true,
  finalized: "head-3",
  logRange: XDC_LOG_RANGE,
  fees: "legacy",
  headers: true,
  websocket: false,
};

/** What the shaper did, by kind, for a run's report. */
export type XdcStats = Record<
  "addressesRewritten" | "tagsRefused" | "logRangesRefused" | "feeRefusals" | "methodsRefused",
  number
>;

/**
 * The anvil an XDC node stands in front of: chain 51 on XDC's EVM rules, its base fee starting at the floor (in `1559` mode the shaper keeps
 * it there). In either mode anvil itself stays an EIP-1559 chain: the shaper alone shows the product a pre-1559 node,
 * while tools that talk to anvil directly (deploy, seed, the harnesses) keep working; anvil as `berlin` would not
 * do, as its `eth_fillTransaction` hands out type-2 transactions that it then refuses. `fees` is kept for callers that
 * start anvil per mode.
 */
export function xdcAnvilOptions(
  fees: XdcFeeMode | null,
): Pick<AnvilOptions, "chainId" | "hardfork" | "baseFee" | "gasPrice"> {
  const chain = { chainId: APOTHEM_CHAIN_ID, hardfork: XDC_HARDFORK };
  if (fees === null) return chain;
  return { ...chain, baseFee: XDC_MIN_GAS_PRICE, gasPrice: XDC_MIN_GAS_PRICE };
}

const error = (call: JsonRpcCall, code: number, message: string): { answer: JsonRpcAnswer } => ({
  answer: { jsonrpc: "2.0", id: call.id ?? null, error: { code, message } },
});

/** XDC's error texts, as its code writes them. */
export const XDC_ERRORS = {
  badTag: (index: number, tag: string) =>
    `invalid argument ${index}: strconv.ParseUint: parsing ${JSON.stringify(tag)}: invalid syntax`,
  logRange: (range: number) => `exceed maximum block range: ${range}`,
  noMethod: (method: string) => `the method ${method} does not exist/is not available`,
  underMinGasPrice: "under min gas price",
  txType: "transaction type not supported",
  notifications: "notifications not supported",
} as const;

const ADDRESS_KEYS = new Set(["from", "to", "contractAddress", "address", "miner"]);
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const XDC_ADDRESS = /^xdc([0-9a-fA-F]{40})$/i;
const HEX_NUMBER = /^0x[0-9a-fA-F]+$/;

const xdcOf = (address: string) => `xdc${address.slice(2).toLowerCase()}`;

/** `value` with every `xdc…` address turned into `0x…`, as XDC's argument parser accepts both. */
function acceptXdc(value: unknown): unknown {
  if (typeof value === "string") return value.replace(XDC_ADDRESS, "0x$1");
  if (Array.isArray(value)) return value.map(acceptXdc);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, acceptXdc(item)]));
  return value;
}

/** A deterministic filler the size of an XDPoS 2.0 header's extra data (round, quorum certificate, signatures). */
const xdposExtra = (hash: string) => `0x02${hash.slice(2).repeat(40).slice(0, 2_398)}` as Hex;
const BLOCK_KEYS = ["parentHash", "miner", "stateRoot"];
const isBlock = (value: object) => BLOCK_KEYS.every((key) => key in value);

/** The proxy's rewriting of an XDC node's answers and refusals of what it does not serve. */
export function xdcShaper(quirks: XdcQuirks, stats: XdcStats): RpcShaper {
  const floor = XDC_MIN_GAS_PRICE;

  function rewrite(value: unknown, key?: string): unknown {
    if (typeof value === "string") {
      if (quirks.xdcAddresses && key !== undefined && ADDRESS_KEYS.has(key) && ADDRESS.test(value)) {
        stats.addressesRewritten++;
        return xdcOf(value);
      }
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => rewrite(item, key));
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value).map(([name, item]) => [name, rewrite(item, name)] as const);
    const object: Record<string, unknown> = Object.fromEntries(entries);
    if (isBlock(object)) {
      if (quirks.fees === "legacy") delete object.baseFeePerGas;
      if (quirks.fees === "1559") object.baseFeePerGas = toHex(floor);
      if (quirks.headers) {
        object.validators = "0x";
        object.validator = `0x${"00".repeat(65)}`;
        object.penalties = "0x";
        object.extraData = xdposExtra(String(object.hash ?? object.parentHash));
      }
    }
    return object;
  }

  /** The first block tag this node refuses, with the index of the argument it is in. */
  function refusedTag(params: unknown[]): { index: number; tag: string } | null {
    const refused = (tag: unknown) =>
      (quirks.refuseSafe && tag === "safe") || (quirks.finalized === "refused" && tag === "finalized");
    for (const [index, param] of params.entries()) {
      if (refused(param)) return { index, tag: param as string };
      if (param && typeof param === "object")
        for (const field of ["fromBlock", "toBlock"])
          if (refused((param as Record<string, unknown>)[field]))
            return { index, tag: (param as Record<string, string>)[field]! };
    }
    return null;
  }

  /** The fee rule a transaction breaks, if any. */
  function feeRefusal(tx: { type?: string; gasPrice?: bigint; maxFeePerGas?: bigint }): string | null {
    if (quirks.fees === null) return null;
    const eip1559 = tx.type === "eip1559" || tx.maxFeePerGas !== undefined;
    if (eip1559 && quirks.fees === "legacy") return XDC_ERRORS.txType;
    const offered = eip1559 ? tx.maxFeePerGas : tx.gasPrice;
    if (offered !== undefined && offered < floor) return XDC_ERRORS.underMinGasPrice;
    return null;
  }

  const bigintOf = (value: unknown) =>
    typeof value === "string" && HEX_NUMBER.test(value) ? BigInt(value) : undefined;

  return {
    websocket: () => quirks.websocket,

    async request(original, upstream) {
      const call: JsonRpcCall = { ...original, params: acceptXdc(original.params) };
      const params = Array.isArray(call.params) ? (call.params as unknown[]) : [];
      const method = call.method ?? "";
      const refusedAt = refusedTag(params);
      if (refusedAt) {
        stats.tagsRefused++;
        return error(call, -32602, XDC_ERRORS.badTag(refusedAt.index, refusedAt.tag));
      }
      if (method === "eth_subscribe" && !quirks.websocket) {
        stats.methodsRefused++;
        return error(call, -32001, XDC_ERRORS.notifications);
      }
      const missing =
        quirks.fees === null
          ? []
          : quirks.fees === "legacy"
            ? ["eth_feeHistory", "eth_maxPriorityFeePerGas", "eth_fillTransaction"]
            : ["eth_fillTransaction"];
      if (missing.includes(method)) {
        stats.methodsRefused++;
        return error(call, -32601, XDC_ERRORS.noMethod(method));
      }
      if (quirks.fees !== null && method === "eth_gasPrice")
        return { answer: { jsonrpc: "2.0", id: call.id ?? null, result: toHex(floor) } };
      if (method === "eth_getLogs" && quirks.logRange !== null) {
        const filter = params[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
        const from = bigintOf(filter?.fromBlock);
        const to = bigintOf(filter?.toBlock);
        if (from !== undefined && to !== undefined && to - from > BigInt(quirks.logRange)) {
          stats.logRangesRefused++;
          return error(call, -32602, XDC_ERRORS.logRange(quirks.logRange));
        }
      }
      if (method === "eth_sendRawTransaction" || method === "eth_sendTransaction") {
        const tx =
          method === "eth_sendRawTransaction"
            ? parseTransaction(params[0] as Hex)
            : (() => {
                const request = (params[0] ?? {}) as Record<string, unknown>;
                return {
                  type: request.type === "0x2" ? "eip1559" : undefined,
                  gasPrice: bigintOf(request.gasPrice),
                  maxFeePerGas: bigintOf(request.maxFeePerGas),
                };
              })();
        const refusal = feeRefusal(tx);
        if (refusal) {
          stats.feeRefusals++;
          return error(call, -32000, refusal);
        }
        // Anvil's base fee falls after each block that is not full; XDC's stays at the floor.
        if (quirks.fees === "1559")
          await upstream([
            { jsonrpc: "2.0", id: 0, method: "anvil_setNextBlockBaseFeePerGas", params: [toHex(floor)] },
          ]);
      }
      if (quirks.finalized === "head-3" && params.includes("finalized")) {
        const [head] = await upstream([{ jsonrpc: "2.0", id: 0, method: "eth_blockNumber", params: [] }]);
        const committed = toHex(BigInt((head?.result as string | undefined) ?? "0x0") - 3n);
        return { call: { ...call, params: params.map((param) => (param === "finalized" ? committed : param)) } };
      }
      return { call };
    },

    answer(call, answer) {
      if (answer.result === undefined) return answer;
      if (quirks.fees === "1559" && call.method === "eth_feeHistory") {
        const history = answer.result as { baseFeePerGas?: string[] };
        return {
          ...answer,
          result: { ...history, baseFeePerGas: history.baseFeePerGas?.map(() => toHex(floor)) },
        };
      }
      if (quirks.xdcAddresses && (call.method === "eth_accounts" || call.method === "eth_coinbase")) {
        const xdc = (value: unknown) => (typeof value === "string" && ADDRESS.test(value) ? xdcOf(value) : value);
        const result = Array.isArray(answer.result) ? answer.result.map(xdc) : xdc(answer.result);
        return { ...answer, result };
      }
      return { ...answer, result: rewrite(answer.result) };
    },

    notification(message) {
      const params = message.params as { subscription: string; result: unknown };
      return { ...message, params: { ...params, result: rewrite(params.result) } };
    },
  };
}

export interface XdcRpc extends FaultyRpc {
  readonly quirks: XdcQuirks;
  readonly xdcStats: XdcStats;
}

/**
 * An XDC node in front of `upstream` (an anvil started with `xdcAnvilOptions`): the fault-injecting proxy with the
 * XDC quirks on (all by default; `quirks` switches single ones), and the public endpoint's faults when given.
 * `quirks` can be changed while it runs (`Object.assign(rpc.quirks, …)`).
 */
export async function startXdcRpc({
  upstream,
  port,
  quirks = {},
  faults,
  random,
}: {
  upstream: string;
  port?: number;
  quirks?: Partial<XdcQuirks>;
  faults?: Partial<RpcFaults>;
  random?: () => number;
}): Promise<XdcRpc> {
  const all: XdcQuirks = { ...XDC_QUIRKS, ...quirks };
  const xdcStats: XdcStats = {
    addressesRewritten: 0,
    tagsRefused: 0,
    logRangesRefused: 0,
    feeRefusals: 0,
    methodsRefused: 0,
  };
  const proxy = await startFaultyRpc({ upstream, port, faults, random, shaper: xdcShaper(all, xdcStats) });
  return Object.assign(proxy, { quirks: all, xdcStats });
}
