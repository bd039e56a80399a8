import {
  createWalletClient,
  defineChain,
  hexToBigInt,
  http,
  isHex,
  type Hex,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from "viem";
import { jsonRpc } from "./json-rpc.ts";
import { WALLET_ERROR, WalletRpcError } from "./wallet-errors.ts";

/** The fields of an `eth_sendTransaction` request that the test wallet passes on. */
interface TransactionRequest {
  from?: Hex;
  to?: Hex;
  data?: Hex;
  input?: Hex;
  value?: Hex;
  gas?: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  nonce?: Hex;
}

const bigintOf = (value: Hex | undefined) => (value === undefined ? undefined : hexToBigInt(value));

/** An address as the page may write it, `0x…` or `xdc…`, in lower case. */
const plainAddress = (address: string) => address.toLowerCase().replace(/^xdc/, "0x");

function assertSigner(account: PrivateKeyAccount, address: unknown) {
  if (typeof address !== "string" || plainAddress(address) !== account.address.toLowerCase()) {
    throw new WalletRpcError(WALLET_ERROR.unauthorized, `The wallet does not hold ${String(address)}`);
  }
}

/** personal_sign: params [message, address]; a hex message is signed as raw bytes, as wallets do. */
export function personalSign(account: PrivateKeyAccount, params: unknown[]): Promise<Hex> {
  const [message, address] = params;
  assertSigner(account, address);
  if (typeof message !== "string")
    throw new WalletRpcError(WALLET_ERROR.invalidParams, "personal_sign needs a message");
  return account.signMessage({ message: isHex(message) ? { raw: message } : message });
}

/** eth_signTypedData_v4 (and `_v3`, which hashes data without arrays the same): params [address, typedData as JSON]. */
export function signTypedData(account: PrivateKeyAccount, params: unknown[]): Promise<Hex> {
  const [address, json] = params;
  assertSigner(account, address);
  const typedData = (typeof json === "string" ? JSON.parse(json) : json) as TypedDataDefinition & {
    types: Record<string, unknown>;
  };
  const { EIP712Domain: _domainType, ...types } = typedData.types;
  return account.signTypedData({ ...typedData, types } as TypedDataDefinition);
}

const larger = (a: bigint, b: bigint | undefined) => (b !== undefined && b > a ? b : a);

/**
 * The fees a wallet sets from what the node answers, as MetaMask does: a legacy wallet (MetaMask-4-era, XDCPay 1.x), or
 * any wallet on a chain whose blocks have no base fee, pays `eth_gasPrice`; otherwise twice the base fee plus the tip
 * the node suggests. Fees the page asked for are kept when higher. An XDC node refuses anything under its 12.5 gwei
 * floor, which a fee estimated from anvil's own ~1 gwei base fee would be.
 */
async function feesFromNode(rpcUrl: string, request: TransactionRequest, legacy: boolean) {
  const [gasPrice, block] = await Promise.all([
    jsonRpc(rpcUrl, "eth_gasPrice", []).then((answer) => hexToBigInt(answer as Hex)),
    jsonRpc(rpcUrl, "eth_getBlockByNumber", ["latest", false]) as Promise<{ baseFeePerGas?: Hex }>,
  ]);
  if (legacy || block.baseFeePerGas === undefined)
    return { gasPrice: larger(gasPrice, bigintOf(request.gasPrice ?? request.maxFeePerGas)) };
  const baseFee = hexToBigInt(block.baseFeePerGas);
  const suggestedTip = await jsonRpc(rpcUrl, "eth_maxPriorityFeePerGas", []).then(
    (answer) => hexToBigInt(answer as Hex),
    () => (gasPrice > baseFee ? gasPrice - baseFee : 0n),
  );
  const tip = bigintOf(request.maxPriorityFeePerGas) ?? suggestedTip;
  return { maxFeePerGas: larger(2n * baseFee + tip, bigintOf(request.maxFeePerGas)), maxPriorityFeePerGas: tip };
}

/** eth_sendTransaction: signs with the wallet's key and sends through the chain's RPC, at the node's fees. */
export async function sendTransaction(
  account: PrivateKeyAccount,
  chainId: number,
  rpcUrl: string,
  params: unknown[],
  { gasLimit, legacy }: { gasLimit?: bigint; legacy: boolean },
): Promise<Hex> {
  const request = params[0] as TransactionRequest | undefined;
  if (!request) throw new WalletRpcError(WALLET_ERROR.invalidParams, "eth_sendTransaction needs a transaction");
  if (request.from) assertSigner(account, request.from);
  const chain = defineChain({
    id: chainId,
    name: `Test chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const fees = await feesFromNode(rpcUrl, request, legacy);
  return client.sendTransaction({
    to: request.to,
    data: request.data ?? request.input,
    value: bigintOf(request.value),
    gas: gasLimit ?? bigintOf(request.gas),
    nonce: request.nonce === undefined ? undefined : Number(hexToBigInt(request.nonce)),
    ...fees,
  });
}
