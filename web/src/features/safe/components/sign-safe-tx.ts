import { safeTxFromJson, safeTxTypedData } from "@pli/abis";
import { getAddress, getTypesForEIP712Domain, serializeTypedData, type Address, type Hex } from "viem";
import type { SafeInfo, SafeProposal } from "@/chain/safe/safe-api";

export type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/** Error codes of a wallet that does not know a method (JSON-RPC, EIP-1193, and wallets that pass it to their node). */
const UNSUPPORTED_CODES = new Set([-32601, -32004, 4200]);

/** Whether the wallet refused `method` because it does not have it, rather than because the person said no. */
function lacksMethod(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "number" && UNSUPPORTED_CODES.has(code)) return true;
    if (typeof message === "string" && /does not exist|not (supported|available)|unsupported/i.test(message))
      return true;
  }
  return false;
}

/**
 * An owner's signature of the SafeTx: eth_signTypedData_v4, else _v3 (XDCPay 1.x; the SafeTx hashes the same), else
 * personal_sign of the safeTxHash. A refusal by the person ends it; only a missing method falls through.
 */
export async function signSafeTx(request: RawRequest, account: Address, safe: SafeInfo, proposal: SafeProposal) {
  const data = safeTxTypedData(safe.chainId!, getAddress(safe.safe!), safeTxFromJson(proposal.safeTx));
  // Wallets hash the domain from the EIP712Domain type the request names (viem's serializer also needs it).
  const EIP712Domain = getTypesForEIP712Domain({ domain: data.domain });
  const typedData = serializeTypedData({ ...data, types: { ...data.types, EIP712Domain } } as unknown as Parameters<
    typeof serializeTypedData
  >[0]);
  for (const method of ["eth_signTypedData_v4", "eth_signTypedData_v3"]) {
    try {
      return {
        method: "typedData" as const,
        signature: (await request({ method, params: [account, typedData] })) as Hex,
      };
    } catch (error) {
      if (!lacksMethod(error)) throw error;
    }
  }
  const signature = (await request({ method: "personal_sign", params: [proposal.safeTxHash, account] })) as Hex;
  return { method: "ethSign" as const, signature };
}
