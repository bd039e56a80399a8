import { BaseError, getContractError, type Abi, type Address, type TransactionReceipt } from "viem";
import { getPublicClient } from "wagmi/actions";
import { classifyTxError, type TxFailure } from "./tx-failure";
import type { WagmiConfig } from "./wagmi-config";

interface Call {
  abi: Abi;
  functionName: string;
  address: Address;
  args?: unknown;
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
    if (error instanceof BaseError) {
      const failure = classifyTxError(getContractError(error, { ...call, args: call.args ?? [] }), hash);
      if (failure.kind === "reverted") return failure;
    }
  }
  return { kind: "reverted", hash };
}
