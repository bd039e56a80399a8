import { jsonRpc } from "./json-rpc.ts";

/** The chains the test wallet knows (id → RPC URL) and the one it is on. */
export class WalletChains {
  readonly #rpcUrls = new Map<number, string>();
  readonly #defaultRpcUrl: string;
  #defaultId: Promise<number> | undefined;
  #current: number | undefined;

  constructor(defaultRpcUrl: string) {
    this.#defaultRpcUrl = defaultRpcUrl;
  }

  /** The chain id of the default RPC, asked once and remembered as a known chain. */
  #defaultChainId(): Promise<number> {
    this.#defaultId ??= jsonRpc(this.#defaultRpcUrl, "eth_chainId", []).then((answer) => {
      const chainId = Number(answer);
      this.#rpcUrls.set(chainId, this.#defaultRpcUrl);
      return chainId;
    });
    return this.#defaultId;
  }

  /** The chain the wallet is on: the default RPC's chain until another is selected. */
  async currentId(): Promise<number> {
    const defaultId = await this.#defaultChainId();
    return this.#current ?? defaultId;
  }

  /** Where requests for the current chain go (the default RPC for a chain added without one). */
  rpcUrl(): string {
    return (this.#current !== undefined && this.#rpcUrls.get(this.#current)) || this.#defaultRpcUrl;
  }

  async isKnown(chainId: number): Promise<boolean> {
    await this.#defaultChainId();
    return this.#rpcUrls.has(chainId);
  }

  add(chainId: number, rpcUrl: string): void {
    this.#rpcUrls.set(chainId, rpcUrl);
  }

  select(chainId: number): void {
    this.#current = chainId;
  }
}
