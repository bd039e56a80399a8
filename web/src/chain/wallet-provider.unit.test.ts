import {
  createWalletClient,
  custom,
  MethodNotFoundRpcError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  verifyMessage,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { isWalletRejection } from "./wallet-rejection";
import { toEip1193Provider, type InjectedProvider } from "./wallet-provider";

const account = privateKeyToAccount(generatePrivateKey());
const xdcAddress = `xdc${account.address.slice(2).toLowerCase()}`;

interface Payload {
  id: number;
  method: string;
  params: unknown[];
}
type Callback = (error: unknown, answer?: { id: number; result?: unknown; error?: unknown }) => void;

/**
 * A provider shaped like XDCPay 1.x's (metamask-inpage-provider 1.2): `sendAsync` with a node-style callback, `enable()`,
 * a public store of the selected account and network, addresses written `xdc…`, refusals without a code, and no
 * `request()`. Methods it does not know go to its node, which does not know them either.
 */
function xdcPayLike(options: { refuseNext?: boolean } = {}) {
  let state = { selectedAddress: xdcAddress as string | null, networkVersion: "51" };
  const subscribers = new Set<(next: typeof state) => void>();
  const seen: string[] = [];
  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case "eth_accounts":
        return state.selectedAddress ? [state.selectedAddress] : [];
      case "net_version":
        return state.networkVersion;
      case "personal_sign":
        if (options.refuseNext) throw new Error("XDCPay Message Signature: User denied message signature.");
        return account.signMessage({ message: { raw: params[0] as Hex } });
      default:
        throw { code: -32601, message: `the method ${method} does not exist/is not available` };
    }
  };
  const provider = {
    isMetaMask: true,
    sendAsync(payload: Payload, callback: Callback) {
      seen.push(payload.method);
      answer(payload.method, payload.params).then(
        (result) => callback(null, { id: payload.id, result }),
        (error: unknown) => callback(error),
      );
    },
    send() {
      throw new Error("XDCPay does not support synchronous requests.");
    },
    enable: () => Promise.resolve(state.selectedAddress ? [state.selectedAddress] : []),
    publicConfigStore: {
      getState: () => state,
      subscribe: (listener: (next: typeof state) => void) => subscribers.add(listener),
    },
  };
  const update = (next: Partial<typeof state>) => {
    state = { ...state, ...next };
    for (const listener of subscribers) listener(state);
  };
  return { provider: provider as InjectedProvider, seen, update };
}

describe("a legacy wallet (send/sendAsync only) through the EIP-1193 adapter", () => {
  test("connects, answers the chain and signs the sign-in message through viem, its xdc address written 0x", async () => {
    const wallet = xdcPayLike();
    const provider = toEip1193Provider(wallet.provider);
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([account.address.toLowerCase()]);
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x33");

    const client = createWalletClient({ transport: custom(provider) });
    const [address] = await client.getAddresses();
    expect(address).toBe(account.address);
    const message = "localhost wants you to sign in with your Ethereum account";
    const signature = await client.signMessage({ account: address!, message });
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true);
    expect(wallet.seen).toContain("personal_sign");
  });

  test("refuses network switching as unsupported without asking the wallet's node", async () => {
    const wallet = xdcPayLike();
    const client = createWalletClient({ transport: custom(toEip1193Provider(wallet.provider)) });
    const switching = client.switchChain({ id: 51 });
    await expect(switching).rejects.toBeInstanceOf(UnsupportedProviderMethodError);
    await expect(
      client.addChain({
        chain: {
          id: 51,
          name: "XDC Apothem Network",
          nativeCurrency: { name: "TXDC", symbol: "TXDC", decimals: 18 },
          rpcUrls: { default: { http: ["https://erpc.apothem.network"] } },
        },
      }),
    ).rejects.toBeInstanceOf(UnsupportedProviderMethodError);
    expect(wallet.seen.filter((method) => method.startsWith("wallet_"))).toEqual([]);
  });

  test("a refusal in the wallet, which has no code, is a rejection (4001); the node's errors keep theirs", async () => {
    const provider = toEip1193Provider(xdcPayLike({ refuseNext: true }).provider);
    const client = createWalletClient({ transport: custom(provider) });
    const refused = client.signMessage({ account: account.address, message: "hello" });
    await expect(refused).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(isWalletRejection(await refused.catch((error: unknown) => error))).toBe(true);
    await expect(client.request({ method: "eth_signTypedData_v4" as never })).rejects.toBeInstanceOf(
      MethodNotFoundRpcError,
    );
  });

  test("account and network changes in the wallet reach the page as accountsChanged and chainChanged", async () => {
    const wallet = xdcPayLike();
    const provider = toEip1193Provider(wallet.provider);
    const events: [string, unknown][] = [];
    const onAccounts = (accounts: unknown) => events.push(["accountsChanged", accounts]);
    provider.on("accountsChanged", onAccounts);
    provider.on("chainChanged", (chainId) => events.push(["chainChanged", chainId]));
    const other = privateKeyToAccount(generatePrivateKey()).address;

    wallet.update({ selectedAddress: `xdc${other.slice(2)}` });
    wallet.update({ networkVersion: "loading" });
    wallet.update({ networkVersion: "50" });
    wallet.update({ selectedAddress: null });
    provider.removeListener("accountsChanged", onAccounts);
    wallet.update({ selectedAddress: xdcAddress });
    expect(events).toEqual([
      ["accountsChanged", [`0x${other.slice(2)}`]],
      ["chainChanged", "0x32"],
      ["accountsChanged", []],
    ]);
  });

  test("the chain id comes from net_version when the wallet does not answer eth_chainId", async () => {
    const wallet = xdcPayLike();
    expect(await toEip1193Provider(wallet.provider).request({ method: "eth_chainId" })).toBe("0x33");
    expect(wallet.seen).toEqual(["eth_chainId", "net_version"]);
  });
});

describe("a modern wallet (EIP-1193) through the adapter", () => {
  test("requests go to its request(); xdc addresses in answers and events are written 0x; listeners come off", async () => {
    const listeners = new Map<string, Set<(payload: unknown) => void>>();
    const calls: string[] = [];
    const raw: InjectedProvider = {
      request: async ({ method }) => {
        calls.push(method);
        if (method === "wallet_switchEthereumChain") return null;
        return method === "eth_accounts" ? [xdcAddress] : "0x33";
      },
      on: (event, listener) => listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
      removeListener: (event, listener) => listeners.get(event)?.delete(listener),
    };
    const provider = toEip1193Provider(raw);
    expect(toEip1193Provider(raw)).toBe(provider);
    expect(await provider.request({ method: "eth_accounts" })).toEqual([account.address.toLowerCase()]);
    expect(await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x33" }] })).toBe(null);
    expect(calls).toEqual(["eth_accounts", "wallet_switchEthereumChain"]);

    const seen: unknown[] = [];
    const listener = (accounts: unknown) => seen.push(accounts);
    provider.on("accountsChanged", listener);
    for (const forward of listeners.get("accountsChanged")!) forward([xdcAddress]);
    provider.removeListener("accountsChanged", listener);
    expect(listeners.get("accountsChanged")!.size).toBe(0);
    expect(seen).toEqual([[account.address.toLowerCase()]]);
  });
});
