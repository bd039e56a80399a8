import { WalletRpcError } from "./wallet-errors.ts";

/** One JSON-RPC call; an error answer is thrown as it came, so the page sees the node's own error. */
export async function jsonRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as {
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  };
  if (body.error) throw new WalletRpcError(body.error.code, body.error.message, body.error.data);
  return body.result;
}
