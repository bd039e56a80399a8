/** EIP-1193 / EIP-1474 error codes the test wallet answers with. */
export const WALLET_ERROR = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  unrecognizedChain: 4902,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const;

/** An error the page receives as a provider RPC error (`code`, `message`, `data`). */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "WalletRpcError";
  }
}

export const userRejected = () => new WalletRpcError(WALLET_ERROR.userRejected, "User rejected the request.");
