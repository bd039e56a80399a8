import {
  BaseError,
  encodeFunctionData,
  ExecutionRevertedError,
  getContractError,
  RawContractError,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { getPublicClient } from "wagmi/actions";
import { classifyTxError, type TxFailure } from "./tx-failure";
import type { WagmiConfig } from "./wagmi-config";

interface Call {
  abi: Abi;
  functionName: string;
  address: Address;
  args?: unknown;
}

/** The contract's reason for refusing `call`, decoded with its ABI; undefined when the error is not a revert. */
function revertOf(error: unknown, call: Call, hash?: Hex): Extract<TxFailure, { kind: "reverted" }> | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const failure = classifyTxError(getContractError(error, { ...call, args: call.args ?? [] }), hash);
  return failure.kind === "reverted" ? failure : undefined;
}

/** How long a refusal waits before the call is asked again: more than an XDC block (2 s). */
const REFUSAL_RECHECK_MS = 2_500;

/**
 * Whether the node said the call reverted (the EVM's revert, or revert data), not that it failed to answer: viem
 * decodes any internal error (-32603) as a revert, which a proxy's timeout or rate limit also answers.
 */
const isNodeRevert = (error: BaseError) =>
  error.walk(
    (cause) =>
      cause instanceof ExecutionRevertedError ||
      (cause instanceof RawContractError && cause.data !== undefined) ||
      (cause instanceof BaseError && /revert/i.test(cause.details ?? "")),
  ) !== null;

/**
 * Why the contract would refuse `call` sent now from `account` with `gas`, run as a call on the portal chain's node;
 * undefined when it would not, or when the node cannot answer (the chain then decides). A refusal is asked again a block
 * later before it counts: behind a load balancer, the node asked may be a block behind the one whose receipt the last
 * step waited for (an approve just mined, then the deposit it allows).
 */
export async function refusalBeforeSigning(
  config: WagmiConfig,
  call: Call,
  account: Address,
  gas: bigint | undefined,
): Promise<TxFailure | undefined> {
  const client = getPublicClient(config);
  if (!client) return undefined;
  const refusal = async () => {
    try {
      await client.call({
        account,
        to: call.address,
        data: encodeFunctionData({
          abi: call.abi,
          functionName: call.functionName,
          args: (call.args ?? []) as unknown[],
        }),
        gas,
      });
      return undefined;
    } catch (error) {
      return error instanceof BaseError && isNodeRevert(error) ? revertOf(error, call) : undefined;
    }
  };
  if (!(await refusal())) return undefined;
  await new Promise((resolve) => setTimeout(resolve, REFUSAL_RECHECK_MS));
  return refusal();
}

/**
 * Why a mined transaction reverted: out of gas when it used all the gas it was given; otherwise it is
 * replayed as a call on the state before its block, and the revert data decoded with the contract's
 * ABI. A replay that cannot tell leaves the reason out.
 */
export async function minedRevert(config: WagmiConfig, call: Call, receipt: TransactionReceipt): Promise<TxFailure> {
  const hash = receipt.transactionHash;
  try {
    const client = getPublicClient(config);
    if (!client) return { kind: "reverted", hash };
    const tx = await client.getTransaction({ hash });
    if (receipt.gasUsed >= tx.gas) return { kind: "outOfGas", hash };
    await client.call({
      account: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      gas: tx.gas,
      blockNumber: receipt.blockNumber - 1n,
    });
  } catch (error) {
    const failure = revertOf(error, call, hash);
    if (failure) return failure;
  }
  return { kind: "reverted", hash };
}
