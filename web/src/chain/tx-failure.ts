import { BaseError, ContractFunctionRevertedError, type Hex } from "viem";
import type { NetworkValues } from "@pli/abis";
import { isWalletRejection } from "./wallet-rejection";

/** Why a chain action did not complete, in terms a person can act on. */
export type TxFailure =
  | { kind: "rejected" }
  | { kind: "reverted"; reason?: string; hash?: Hex }
  | { kind: "outOfGas"; hash: Hex }
  | { kind: "wrongAccount"; expected: string; connected?: string }
  /** `network`: the values to add by hand, when the wallet could not switch to it itself. */
  | { kind: "wrongChain"; expected: number; connected?: number; network?: NetworkValues }
  | { kind: "noWallet" }
  | { kind: "unknownOutcome"; hash: Hex }
  /** Replaced in the wallet by `replacement` before it was mined (`cancelled`: by the wallet's Cancel). */
  | { kind: "replaced"; hash: Hex; replacement: Hex; cancelled: boolean }
  | { kind: "notIndexed"; hash: Hex }
  | { kind: "error"; message: string; hash?: Hex };

/** Thrown by the transaction flow; `failure` says why. */
export class TxFlowError extends Error {
  constructor(readonly failure: TxFailure) {
    super(describeTxFailure(failure));
    this.name = "TxFlowError";
  }
}

/**
 * A transaction that was sent but whose result the portal could not confirm (no receipt yet, or not
 * yet indexed): not a failure, so never reported as one, and never to be sent again blindly.
 */
export const isOutcomeOpen = (
  failure: TxFailure,
): failure is Extract<TxFailure, { kind: "unknownOutcome" | "notIndexed" }> =>
  failure.kind === "unknownOutcome" || failure.kind === "notIndexed";

/** Maps what viem or the wallet threw to a TxFailure (rejection, revert with its reason, anything else). */
export function classifyTxError(error: unknown, hash?: Hex): TxFailure {
  if (error instanceof TxFlowError) return error.failure;
  if (isWalletRejection(error)) return { kind: "rejected" };
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError)
      return { kind: "reverted", reason: revert.reason ?? revert.shortMessage, hash };
    return { kind: "error", message: error.shortMessage, hash };
  }
  return { kind: "error", message: error instanceof Error ? error.message : String(error), hash };
}

/** The sentence shown for a failure. */
export function describeTxFailure(failure: TxFailure): string {
  switch (failure.kind) {
    case "rejected":
      return "The transaction was rejected in the wallet.";
    case "reverted":
      return failure.reason
        ? `The contract refused the transaction: ${failure.reason}`
        : "The transaction failed on chain.";
    case "outOfGas":
      return "The transaction ran out of gas on chain and changed nothing. Send it again without lowering the gas limit in your wallet.";
    case "wrongAccount":
      return `Switch your wallet to the account ${failure.expected} and try again.`;
    case "wrongChain":
      return `Switch your wallet to the network with chain id ${failure.expected} and try again.`;
    case "noWallet":
      return "No wallet extension found.";
    case "unknownOutcome":
      return "The transaction was sent, but its outcome is not known yet. Check it in the explorer before trying again.";
    case "replaced":
      return failure.cancelled
        ? "The transaction was cancelled in the wallet before it was mined: nothing was done."
        : "The wallet replaced the transaction with another one before it was mined: this action was not done. Check the wallet's activity before trying again.";
    case "notIndexed":
      return "The transaction was mined, but the portal has not recorded it yet. It will appear shortly; reload to check.";
    case "error":
      return failure.message;
  }
}
