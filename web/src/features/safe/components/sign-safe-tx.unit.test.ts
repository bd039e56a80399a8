import { plainSafeTx, safeTxHash, safeTxTypedData } from "@pli/abis";
import { recoverMessageAddress, recoverTypedDataAddress, type Hex, type TypedDataDefinition } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { SafeInfo, SafeProposal } from "@/chain/safe/safe-api";
import { signSafeTx } from "./sign-safe-tx";

const owner = privateKeyToAccount(generatePrivateKey());
const safeAddress = "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762";
const chainId = 31337;
const tx = plainSafeTx({ to: "0x9641d764fc13c8B624c04430C7356C1C7C8102e2", data: "0xabcdef" }, 7n);
const safe = { enabled: true, safe: safeAddress, chainId } as SafeInfo;
const proposal = {
  safeTx: {
    ...tx,
    value: "0",
    safeTxGas: "0",
    baseGas: "0",
    gasPrice: "0",
    nonce: "7",
  },
  safeTxHash: safeTxHash(chainId, safeAddress, tx),
} as unknown as SafeProposal;

/** A wallet answering with the owner's key; `lacks` are the methods it does not have (JSON-RPC -32601). */
function wallet(lacks: string[], refuses: string[] = []) {
  const asked: string[] = [];
  const request = async ({ method, params }: { method: string; params: unknown[] }) => {
    asked.push(method);
    if (refuses.includes(method)) throw Object.assign(new Error("User denied message signature"), { code: 4001 });
    if (lacks.includes(method))
      throw Object.assign(new Error(`the method ${method} does not exist/is not available`), { code: -32601 });
    if (method === "personal_sign") return owner.signMessage({ message: { raw: params[0] as Hex } });
    const { EIP712Domain: _domain, ...types } = JSON.parse(params[1] as string).types;
    return owner.signTypedData({ ...JSON.parse(params[1] as string), types } as TypedDataDefinition);
  };
  return { request, asked };
}

describe("an owner's confirmation from the wallet it has", () => {
  it("signs the SafeTx with eth_signTypedData_v4, recovering to the owner over the Safe's domain", async () => {
    const { request, asked } = wallet([]);
    const signed = await signSafeTx(request, owner.address, safe, proposal);
    expect(signed.method).toBe("typedData");
    expect(asked).toEqual(["eth_signTypedData_v4"]);
    const recovered = await recoverTypedDataAddress({
      ...safeTxTypedData(chainId, safeAddress, tx),
      signature: signed.signature,
    });
    expect(recovered).toBe(owner.address);
  });

  it("falls back to _v3 (XDCPay 1.x), then to personal_sign of the safeTxHash", async () => {
    const v3 = wallet(["eth_signTypedData_v4"]);
    expect((await signSafeTx(v3.request, owner.address, safe, proposal)).method).toBe("typedData");
    expect(v3.asked).toEqual(["eth_signTypedData_v4", "eth_signTypedData_v3"]);

    const plain = wallet(["eth_signTypedData_v4", "eth_signTypedData_v3"]);
    const signed = await signSafeTx(plain.request, owner.address, safe, proposal);
    expect(signed.method).toBe("ethSign");
    expect(plain.asked).toEqual(["eth_signTypedData_v4", "eth_signTypedData_v3", "personal_sign"]);
    expect(
      await recoverMessageAddress({ message: { raw: proposal.safeTxHash as Hex }, signature: signed.signature }),
    ).toBe(owner.address);
  });

  it("stops when the person refuses: no other method is asked", async () => {
    const refused = wallet([], ["eth_signTypedData_v4"]);
    await expect(signSafeTx(refused.request, owner.address, safe, proposal)).rejects.toThrow(/denied/);
    expect(refused.asked).toEqual(["eth_signTypedData_v4"]);
  });
});
