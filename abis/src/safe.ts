import {
  concatHex,
  encodeFunctionData,
  encodePacked,
  getAddress,
  hashDomain,
  hashTypedData,
  size,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { multiSendCallOnlyAbi } from "./generated/MultiSendCallOnly.ts";

export { safeL2Abi } from "./generated/SafeL2.ts";
export { safeProxyFactoryAbi } from "./generated/SafeProxyFactory.ts";
export { multiSendCallOnlyAbi };

/**
 * Safe 1.4.1 at its canonical addresses: deployed through the singleton factory with a zero salt, the same on anvil
 * (npm start), XDC mainnet (50) and Apothem (51).
 */
export const SAFE_141 = {
  singletonFactory: "0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7",
  safeL2: "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762",
  safeProxyFactory: "0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67",
  multiSendCallOnly: "0x9641d764fc13c8B624c04430C7356C1C7C8102e2",
  compatibilityFallbackHandler: "0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99",
  signMessageLib: "0xd53cd0aB83D845Ac265BE939c57F53AD838012c9",
} as const satisfies Record<string, Address>;

export const SAFE_VERSION = "1.4.1";

/** Safe's `Enum.Operation`: the portal only ever proposes a Call, or a DelegateCall into MultiSendCallOnly. */
export const SAFE_OPERATION = { call: 0, delegateCall: 1 } as const;

/** One Safe transaction as the owners sign it (EIP-712 `SafeTx`); the portal pays no refund, so gas fields are 0. */
export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

/** The typed data an owner signs for `tx` on the Safe at `safe` on chain `chainId` (Safe >= 1.3 domain). */
export function safeTxTypedData(chainId: number, safe: Address, tx: SafeTx) {
  return {
    domain: { chainId, verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: "SafeTx" as const,
    message: tx,
  };
}

export const safeTxHash = (chainId: number, safe: Address, tx: SafeTx): Hex =>
  hashTypedData(safeTxTypedData(chainId, safe, tx));

/** The domain separator a hardware wallet shows next to the message hash. */
export const safeDomainHash = (chainId: number, safe: Address): Hex =>
  hashDomain({
    domain: { chainId: BigInt(chainId), verifyingContract: safe },
    types: {
      EIP712Domain: [
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
    },
  });

/** A Safe transaction with every refund field zero: what the portal proposes. */
export function plainSafeTx(
  call: { to: Address; data: Hex; value?: bigint; operation?: 0 | 1 },
  nonce: bigint,
): SafeTx {
  return {
    to: call.to,
    value: call.value ?? 0n,
    data: call.data,
    operation: call.operation ?? SAFE_OPERATION.call,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  };
}

/** Several calls as one Safe transaction: a DelegateCall into MultiSendCallOnly (each call packed as Safe encodes it). */
export function multiSendCall(calls: readonly { to: Address; data: Hex; value?: bigint }[]): {
  to: Address;
  data: Hex;
  operation: 1;
} {
  const packed = concatHex(
    calls.map((call) =>
      encodePacked(["uint8", "address", "uint256", "uint256", "bytes"], [
        SAFE_OPERATION.call,
        call.to,
        call.value ?? 0n,
        BigInt(size(call.data)),
        call.data,
      ] as const),
    ),
  );
  return {
    to: SAFE_141.multiSendCallOnly,
    data: encodeFunctionData({ abi: multiSendCallOnlyAbi, functionName: "multiSend", args: [packed] }),
    operation: SAFE_OPERATION.delegateCall,
  };
}

/** An owner's confirmation as `execTransaction` reads it: a signature, or an on-chain `approveHash`. */
export type SafeConfirmation = { owner: Address; signature: Hex } | { owner: Address; approvedHash: true };

/**
 * The `signatures` argument of `execTransaction`: 65 bytes per owner, sorted by owner address ascending as the Safe
 * requires. An on-chain approval is encoded as r = owner, s = 0, v = 1.
 */
export function packSafeSignatures(confirmations: readonly SafeConfirmation[]): Hex {
  const sorted = [...confirmations].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1));
  return concatHex(
    sorted.map((c) =>
      "signature" in c ? c.signature : encodePacked(["uint256", "uint256", "uint8"], [BigInt(c.owner), 0n, 1]),
    ),
  );
}

/** A SafeTx as JSON carries it (the portal API's answer): figures as decimal text. */
export interface SafeTxJson {
  to: string;
  value: string;
  data: string;
  operation: number;
  safeTxGas: string;
  baseGas: string;
  gasPrice: string;
  gasToken: string;
  refundReceiver: string;
  nonce: string;
}

/** The SafeTx of a JSON answer, as owners sign it. */
export function safeTxFromJson(json: SafeTxJson): SafeTx {
  return {
    to: getAddress(json.to),
    value: BigInt(json.value),
    data: json.data as Hex,
    operation: json.operation === SAFE_OPERATION.delegateCall ? 1 : 0,
    safeTxGas: BigInt(json.safeTxGas),
    baseGas: BigInt(json.baseGas),
    gasPrice: BigInt(json.gasPrice),
    gasToken: getAddress(json.gasToken),
    refundReceiver: getAddress(json.refundReceiver),
    nonce: BigInt(json.nonce),
  };
}

/** The arguments of `execTransaction` for `tx` with the owners' packed `signatures`. */
export const execTransactionArgs = (tx: SafeTx, signatures: Hex) =>
  [
    tx.to,
    tx.value,
    tx.data,
    tx.operation,
    tx.safeTxGas,
    tx.baseGas,
    tx.gasPrice,
    tx.gasToken,
    tx.refundReceiver,
    signatures,
  ] as const;
