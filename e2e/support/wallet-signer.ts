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

function assertSigner(account: PrivateKeyAccount, address: unknown) {
  if (typeof address !== "string" || address.toLowerCase() !== account.address.toLowerCase()) {
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

/** eth_signTypedData_v4: params [address, typedData as JSON]. */
export function signTypedData(account: PrivateKeyAccount, params: unknown[]): Promise<Hex> {
  const [address, json] = params;
  assertSigner(account, address);
  const typedData = (typeof json === "string" ? JSON.parse(json) : json) as TypedDataDefinition & {
    types: Record<string, unknown>;
  };
  const { EIP712Domain: _domainType, ...types } = typedData.types;
  return account.signTypedData({ ...typedData, types } as TypedDataDefinition);
}

/** eth_sendTransaction: signs with the wallet's key and sends through the chain's RPC. */
export async function sendTransaction(
  account: PrivateKeyAccount,
  chainId: number,
  rpcUrl: string,
  params: unknown[],
  gasLimit?: bigint,
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
  const fees =
    request.gasPrice !== undefined
      ? { gasPrice: bigintOf(request.gasPrice) }
      : { maxFeePerGas: bigintOf(request.maxFeePerGas), maxPriorityFeePerGas: bigintOf(request.maxPriorityFeePerGas) };
  return client.sendTransaction({
    to: request.to,
    data: request.data ?? request.input,
    value: bigintOf(request.value),
    gas: gasLimit ?? bigintOf(request.gas),
    nonce: request.nonce === undefined ? undefined : Number(hexToBigInt(request.nonce)),
    ...fees,
  });
}
