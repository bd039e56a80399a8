import {
  createPublicClient,
  createWalletClient,
  http,
  parseGwei,
  toHex,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { WebSocket } from "ws";
import { chainHttp } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvil, type Anvil } from "./anvil.ts";
import { devAccount } from "./dev-accounts.ts";
import { startXdcRpc, xdcAnvilOptions, type XdcFeeMode, type XdcRpc } from "./xdc-rpc.ts";

/** Init code that emits one anonymous log from the contract it creates and deploys nothing: `LOG0(0, 0)`. */
const LOG_ON_CREATE = "0x60006000a000" as Hex;

interface Call {
  method: string;
  params?: unknown[];
}

async function rpc(url: string, call: Call) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, params: [], ...call }),
  });
  return (await response.json()) as { result?: never; error?: { code: number; message: string } };
}

const owner = devAccount("owner");
const ownerXdc = `xdc${owner.address.slice(2).toLowerCase()}`;

/** A node of each fee mode: anvil behind the XDC stand-in with every quirk on. */
function xdcNode(fees: XdcFeeMode) {
  const node = { anvil: undefined as unknown as Anvil, rpc: undefined as unknown as XdcRpc };
  beforeAll(async () => {
    node.anvil = await startAnvil(xdcAnvilOptions(fees));
    node.rpc = await startXdcRpc({ upstream: node.anvil.rpcUrl, quirks: { fees } });
  });
  afterAll(async () => {
    await node.rpc?.stop();
    await node.anvil?.stop();
  });
  return node;
}

/** Creates LOG_ON_CREATE's contract through the node with the fees viem picks from the node's answers. */
async function createLogger(url: string): Promise<{ hash: Hex; receipt: TransactionReceipt }> {
  const wallet = createWalletClient({ account: owner, transport: http(url, { retryCount: 0 }) });
  const hash = await wallet.sendTransaction({ data: LOG_ON_CREATE, chain: null });
  const reader = createPublicClient({ transport: http(url, { retryCount: 0 }) });
  return { hash, receipt: await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 }) };
}

describe("pre-1559 XDC node", () => {
  const node = xdcNode("legacy");

  it("writes every address in its answers xdc… and accepts xdc… in requests", async () => {
    const { hash, receipt } = await createLogger(node.rpc.url);
    expect(receipt.from).toBe(ownerXdc);
    expect(receipt.contractAddress).toMatch(/^xdc[0-9a-f]{40}$/);
    expect(receipt.logs[0]!.address).toBe(receipt.contractAddress);
    const tx = (await rpc(node.rpc.url, { method: "eth_getTransactionByHash", params: [hash] })).result!;
    expect(tx).toMatchObject({ from: ownerXdc, to: null });
    const number = toHex(receipt.blockNumber);
    const block = (await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: [number, true] })).result! as {
      miner: string;
      transactions: { from: string }[];
    };
    expect(block.miner).toBe(`xdc${"0".repeat(40)}`);
    expect(block.transactions[0]!.from).toBe(ownerXdc);
    const receipts = (await rpc(node.rpc.url, { method: "eth_getBlockReceipts", params: [number] })).result! as {
      from: string;
      logs: { address: string }[];
    }[];
    expect(receipts[0]).toMatchObject({ from: ownerXdc, logs: [{ address: receipt.contractAddress }] });
    const logs = (
      await rpc(node.rpc.url, {
        method: "eth_getLogs",
        params: [{ address: receipt.contractAddress, fromBlock: number, toBlock: number }],
      })
    ).result! as { address: string }[];
    expect(logs.map((log) => log.address)).toEqual([receipt.contractAddress]);

    const balance = (await rpc(node.rpc.url, { method: "eth_getBalance", params: [ownerXdc, "latest"] })).result;
    expect(BigInt(balance!)).toBeGreaterThan(0n);
  });

  it("reads through the portal's normalising transport exactly as anvil's own answers", async () => {
    const { hash, receipt: viaNode } = await createLogger(node.rpc.url);
    const normalised = createPublicClient({ transport: chainHttp(node.rpc.url, { retryCount: 0 }) });
    const direct = createPublicClient({ transport: http(node.anvil.rpcUrl, { retryCount: 0 }) });
    expect(viaNode.from).toMatch(/^xdc/);
    const lower = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value, (_, v: unknown) =>
          typeof v === "bigint" ? String(v) : typeof v === "string" ? v.toLowerCase() : v,
        ),
      ) as unknown;
    expect(lower(await normalised.getTransactionReceipt({ hash }))).toEqual(
      lower(await direct.getTransactionReceipt({ hash })),
    );
    const filter = {
      address: viaNode.contractAddress!.replace(/^xdc/, "0x") as Hex,
      fromBlock: viaNode.blockNumber,
      toBlock: viaNode.blockNumber,
    };
    const logs = await normalised.getLogs(filter);
    expect(logs).toHaveLength(1);
    expect(lower(logs)).toEqual(lower(await direct.getLogs(filter)));
  });

  it("refuses the safe tag as XDC's parser does and answers finalized three blocks behind the head", async () => {
    await rpc(node.anvil.rpcUrl, { method: "anvil_mine", params: ["0x10"] });
    expect((await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: ["safe", false] })).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: strconv.ParseUint: parsing "safe": invalid syntax',
    });
    const head = BigInt((await rpc(node.rpc.url, { method: "eth_blockNumber" })).result!);
    const finalized = (await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: ["finalized", false] }))
      .result! as { number: Hex };
    expect(BigInt(finalized.number)).toBe(head - 3n);

    Object.assign(node.rpc.quirks, { finalized: "refused" });
    try {
      expect((await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: ["finalized", false] })).error).toEqual(
        { code: -32602, message: 'invalid argument 0: strconv.ParseUint: parsing "finalized": invalid syntax' },
      );
    } finally {
      Object.assign(node.rpc.quirks, { finalized: "head-3" });
    }
  });

  it("refuses eth_getLogs wider than 5,000 blocks and serves 5,000", async () => {
    const wide = await rpc(node.rpc.url, {
      method: "eth_getLogs",
      params: [{ fromBlock: "0x0", toBlock: toHex(5_001) }],
    });
    expect(wide.error).toEqual({ code: -32602, message: "exceed maximum block range: 5000" });
    const widest = await rpc(node.rpc.url, {
      method: "eth_getLogs",
      params: [{ fromBlock: "0x0", toBlock: toHex(5_000) }],
    });
    expect(widest.error).toBeUndefined();
    expect(node.rpc.xdcStats.logRangesRefused).toBe(1);
  });

  it("has no EIP-1559: no base fee, no fee history, type-2 and cheap transactions refused, 12.5 gwei gas price", async () => {
    const block = (await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: ["latest", false] })).result!;
    expect(block).not.toHaveProperty("baseFeePerGas");
    expect(await rpc(node.rpc.url, { method: "eth_gasPrice" })).toMatchObject({ result: "0x2e90edd00" });
    expect((await rpc(node.rpc.url, { method: "eth_feeHistory", params: ["0x1", "latest", []] })).error).toEqual({
      code: -32601,
      message: "the method eth_feeHistory does not exist/is not available",
    });
    expect((await rpc(node.rpc.url, { method: "eth_maxPriorityFeePerGas" })).error).toEqual({
      code: -32601,
      message: "the method eth_maxPriorityFeePerGas does not exist/is not available",
    });

    const sign = (fees: { gasPrice: bigint } | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }, nonce: number) =>
      owner.signTransaction({ chainId: 51, nonce, gas: 60_000n, to: owner.address, value: 1n, ...fees });
    const nonce = Number(
      (await rpc(node.anvil.rpcUrl, { method: "eth_getTransactionCount", params: [owner.address, "latest"] })).result!,
    );
    const type2 = await sign({ maxFeePerGas: parseGwei("50"), maxPriorityFeePerGas: parseGwei("1") }, nonce);
    expect((await rpc(node.rpc.url, { method: "eth_sendRawTransaction", params: [type2] })).error).toEqual({
      code: -32000,
      message: "transaction type not supported",
    });
    const cheap = await sign({ gasPrice: parseGwei("12.4") }, nonce);
    expect((await rpc(node.rpc.url, { method: "eth_sendRawTransaction", params: [cheap] })).error).toEqual({
      code: -32000,
      message: "under min gas price",
    });
    const atFloor = await sign({ gasPrice: parseGwei("12.5") }, nonce);
    expect((await rpc(node.rpc.url, { method: "eth_sendRawTransaction", params: [atFloor] })).result).toMatch(/^0x/);
  });

  it("writes XDPoS headers and refuses subscriptions and websocket connections", async () => {
    const block = (await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: ["latest", false] })).result! as {
      validators: Hex;
      validator: Hex;
      penalties: Hex;
      extraData: Hex;
    };
    expect(block.validators).toBe("0x");
    expect(block.penalties).toBe("0x");
    expect((block.validator.length - 2) / 2).toBe(65);
    expect((block.extraData.length - 2) / 2).toBeGreaterThan(1_000);
    expect((await rpc(node.rpc.url, { method: "eth_subscribe", params: ["newHeads"] })).error).toMatchObject({
      message: "notifications not supported",
    });
    const refused = await new Promise<string>((resolve) => {
      const socket = new WebSocket(node.rpc.url.replace(/^http/, "ws"));
      socket.once("open", () => resolve("open"));
      socket.once("error", (error) => resolve(error.message));
    });
    expect(refused).toBe("Unexpected server response: 404");
  });

  it("with the websocket on, rewrites subscription notifications like every other answer", async () => {
    Object.assign(node.rpc.quirks, { websocket: true });
    const socket = new WebSocket(node.rpc.url.replace(/^http/, "ws"));
    try {
      await new Promise<void>((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)));
      const messages: {
        id?: number;
        method?: string;
        params?: { result: { miner: string; baseFeePerGas?: string } };
      }[] = [];
      socket.on("message", (data) => messages.push(JSON.parse(String(data))));
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "eth_subscribe", params: ["newHeads"] }));
      await expect.poll(() => messages.some((message) => message.id === 7)).toBe(true);
      await rpc(node.anvil.rpcUrl, { method: "evm_mine" });
      await expect.poll(() => messages.find((message) => message.method === "eth_subscription")).toBeDefined();
      const head = messages.find((message) => message.method === "eth_subscription")!.params!.result;
      expect(head.miner).toBe(`xdc${"0".repeat(40)}`);
      expect(head).not.toHaveProperty("baseFeePerGas");
    } finally {
      socket.close();
      Object.assign(node.rpc.quirks, { websocket: false });
    }
  });
});

describe("XDC node with today's mainnet fees", () => {
  const node = xdcNode("1559");

  it("runs Cancun's EVM, not Prague's, which XDC has not scheduled: no block-hash history contract, no requests hash", async () => {
    const historyContract = "0x0000F90827F1C53a10cb7A02335B175320002935";
    expect((await rpc(node.rpc.url, { method: "eth_getCode", params: [historyContract, "latest"] })).result).toBe("0x");
    const block = (await rpc(node.rpc.url, { method: "eth_getBlockByNumber", params: ["latest", false] })).result!;
    expect(block).toHaveProperty("excessBlobGas");
    expect(block).not.toHaveProperty("requestsHash");
  });

  it("keeps the base fee at 12.5 gwei, charges it, and refuses a maximum fee under it", async () => {
    const reader: PublicClient = createPublicClient({ transport: http(node.rpc.url, { retryCount: 0 }) });
    await rpc(node.anvil.rpcUrl, { method: "anvil_mine", params: ["0x20"] });
    expect((await reader.getBlock()).baseFeePerGas).toBe(parseGwei("12.5"));
    const { receipt } = await createLogger(node.rpc.url);
    expect(receipt.effectiveGasPrice).toBeGreaterThanOrEqual(parseGwei("12.5"));
    const onChain = (
      await rpc(node.anvil.rpcUrl, {
        method: "eth_getBlockByNumber",
        params: [toHex(receipt.blockNumber), false],
      })
    ).result! as { baseFeePerGas: Hex };
    expect(BigInt(onChain.baseFeePerGas)).toBe(parseGwei("12.5"));

    const nonce = await reader.getTransactionCount({ address: owner.address });
    const cheap = await owner.signTransaction({
      chainId: 51,
      nonce,
      gas: 60_000n,
      to: owner.address,
      maxFeePerGas: parseGwei("12"),
      maxPriorityFeePerGas: 0n,
    });
    expect((await rpc(node.rpc.url, { method: "eth_sendRawTransaction", params: [cheap] })).error).toEqual({
      code: -32000,
      message: "under min gas price",
    });
  });
});
