import type { Page } from "playwright-core";
import { numberToHex, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { jsonRpc } from "./json-rpc.ts";
import { WalletChains } from "./wallet-chains.ts";
import { userRejected, WALLET_ERROR, WalletRpcError } from "./wallet-errors.ts";
import {
  walletPageScript,
  type BridgeResponse,
  type WalletInfo,
  type WalletPageScriptArgs,
} from "./wallet-page-script.ts";
import { personalSign, sendTransaction, signTypedData } from "./wallet-signer.ts";

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0f766e"/><path d="M8 10h16v12H8z" fill="#fff"/></svg>',
).toString("base64")}`;

export const TEST_WALLET_INFO: WalletInfo = {
  uuid: "5f1c7c2e-6d4f-4c59-9a1e-7e0d3b7e2a10",
  name: "Test Wallet",
  icon: ICON,
  rdns: "dev.pli.testwallet",
};

const SCRIPT_ARGS: Omit<WalletPageScriptArgs, "legacy"> = {
  requestBinding: "__pliTestWalletRequest",
  emitFunction: "__pliTestWalletEmit",
  listeningFunction: "__pliTestWalletListening",
  info: TEST_WALLET_INFO,
};
const LEGACY_ENABLE = "test_wallet_enable";

/**
 * What XDCPay 1.x cannot do (XDC.md): its provider has no request(), it signs typed data only as `_v3`, cannot switch or
 * add networks and knows no permissions. It hands these to its node, which does not know them either.
 */
const LEGACY_UNKNOWN = new Set([
  "eth_requestAccounts",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_requestPermissions",
  "wallet_getPermissions",
  "wallet_revokePermissions",
]);

export interface TestWalletOptions {
  privateKey: Hex;
  /** The chain's JSON-RPC endpoint: reads are forwarded there and transactions sent through it. */
  rpcUrl: string;
  /**
   * `legacy`: a provider like XDCPay 1.x's (send/sendAsync only, no `_v4`, no network switching, window.xdc, legacy
   * transactions); `eip1193` (the default): a modern one announced through EIP-6963.
   */
  kind?: "eip1193" | "legacy";
  /** Accounts written `xdc…`, as XDC's wallets show them. */
  xdcAddresses?: boolean;
}

interface WalletRequest {
  method: string;
  params: unknown;
}

/** Enough gas to enter a contract call (21,000 plus calldata), too little to finish one that writes. */
const STARVED_GAS = 30_000n;

/**
 * A browser wallet for tests: the page gets an EIP-1193 provider (window.ethereum + EIP-6963), or in `legacy` mode one
 * like XDCPay 1.x's (window.ethereum + window.xdc), whose requests are answered here, in Node, signing with a private
 * key; transactions pay the fees the node asks (its gas price, or twice its base fee). Tests drive what a person would do
 * in a real wallet: switch account or chain, reject the next signature, send the next transaction with too
 * little gas.
 */
export class TestWallet {
  #account: PrivateKeyAccount;
  readonly #chains: WalletChains;
  #authorized = false;
  #rejectSignature = false;
  #rejectConnection = false;
  #starveTransaction = false;
  #beforeTransaction: (() => Promise<unknown>) | null = null;
  readonly #pages = new Set<Page>();
  readonly #legacy: boolean;
  readonly #xdcAddresses: boolean;

  constructor(options: TestWalletOptions) {
    this.#account = privateKeyToAccount(options.privateKey);
    this.#chains = new WalletChains(options.rpcUrl);
    this.#legacy = options.kind === "legacy";
    this.#xdcAddresses = options.xdcAddresses ?? false;
  }

  get address(): Address {
    return this.#account.address;
  }

  /** The account as the wallet writes it to the page. */
  get #shownAddress(): string {
    return this.#xdcAddresses ? `xdc${this.address.slice(2)}` : this.address;
  }

  /** Puts the wallet into `page`; call before the first navigation. */
  async install(page: Page): Promise<void> {
    this.#pages.add(page);
    page.once("close", () => this.#pages.delete(page));
    await page.exposeBinding(SCRIPT_ARGS.requestBinding, (_source, request: WalletRequest) => this.#answer(request));
    const legacy = this.#legacy ? { enableMethod: LEGACY_ENABLE } : null;
    await page.addInitScript({ content: walletPageScript({ ...SCRIPT_ARGS, legacy }) });
  }

  /**
   * Resolves once `page` has made or restored its wallet connection: it then listens to the wallet's chain changes
   * (wagmi's injected connector listens to account changes from its setup on, before it connects, and to chain changes
   * once connected). An account change sent before that can be missed, as with a real wallet.
   */
  async connectedIn(page: Page): Promise<void> {
    await page.waitForFunction(
      ([listening, event]) => (globalThis as unknown as Record<string, (event: string) => boolean>)[listening]?.(event),
      [SCRIPT_ARGS.listeningFunction, "chainChanged"] as const,
    );
  }

  /** Changes the selected account, as a person does in the wallet; connected pages get `accountsChanged`. */
  async switchAccount(privateKey: Hex): Promise<void> {
    this.#account = privateKeyToAccount(privateKey);
    if (this.#authorized) await this.#emit("accountsChanged", [this.#shownAddress]);
  }

  /** Moves the wallet to another chain id (for wrong-network tests); pages get `chainChanged`. */
  async switchChain(chainId: number): Promise<void> {
    this.#chains.select(chainId);
    await this.#emit("chainChanged", numberToHex(chainId));
  }

  /**
   * Moves the wallet to another chain id without the page hearing of it, as when a wallet's `chainChanged` comes late
   * or never (XDCPay 1.x tells it through its config store): the page still believes the old chain.
   */
  changeChainUnheard(chainId: number): void {
    this.#chains.select(chainId);
  }

  /** Disconnects the site from inside the wallet; pages get `accountsChanged` with no accounts. */
  async revoke(): Promise<void> {
    this.#authorized = false;
    await this.#emit("accountsChanged", []);
  }

  /** The next message, typed-data or transaction signature is refused with error 4001. */
  rejectNextSignature(): void {
    this.#rejectSignature = true;
  }

  /**
   * The next transaction is sent with too little gas, as when a person lowers the gas limit in the
   * wallet: it is mined and fails on chain (out of gas), changing nothing but the sender's XDC.
   */
  starveNextTransaction(): void {
    this.#starveTransaction = true;
  }

  /**
   * Runs `change` after the person confirms the next transaction and before it is sent, as when the
   * chain changes while the wallet's dialog is open (the page checked the amount against the old state).
   */
  beforeNextTransaction(change: () => Promise<unknown>): void {
    this.#beforeTransaction = change;
  }

  /** The next connection request is refused with error 4001. */
  rejectNextConnection(): void {
    this.#rejectConnection = true;
  }

  async #answer(request: WalletRequest): Promise<BridgeResponse> {
    try {
      const params = Array.isArray(request.params) ? (request.params as unknown[]) : [];
      return { result: await this.#handle(request.method, params) };
    } catch (error) {
      if (error instanceof WalletRpcError)
        return { error: { code: error.code, message: error.message, data: error.data } };
      return {
        error: { code: WALLET_ERROR.internal, message: error instanceof Error ? error.message : String(error) },
      };
    }
  }

  async #handle(method: string, params: unknown[]): Promise<unknown> {
    if (this.#legacy && LEGACY_UNKNOWN.has(method))
      throw new WalletRpcError(WALLET_ERROR.methodNotFound, `the method ${method} does not exist/is not available`);
    switch (method) {
      case LEGACY_ENABLE:
      case "eth_requestAccounts":
        this.#connect();
        return [this.#shownAddress];
      case "eth_accounts":
        return this.#authorized ? [this.#shownAddress] : [];
      case "eth_coinbase":
        return this.#authorized ? this.#shownAddress : null;
      case "wallet_requestPermissions":
        this.#connect();
        return this.#permissions();
      case "wallet_getPermissions":
        return this.#authorized ? this.#permissions() : [];
      case "wallet_revokePermissions":
        this.#authorized = false;
        return null;
      case "eth_chainId":
        return numberToHex(await this.#chains.currentId());
      case "net_version":
        return String(await this.#chains.currentId());
      case "wallet_addEthereumChain":
        return this.#addChain(params[0]);
      case "wallet_switchEthereumChain":
        return this.#switchToKnownChain(params[0]);
      case "personal_sign":
        this.#consumeSignature();
        return personalSign(this.#account, params);
      case "eth_signTypedData_v3":
      case "eth_signTypedData_v4":
        this.#consumeSignature();
        return signTypedData(this.#account, params);
      case "eth_sendTransaction":
        this.#consumeSignature();
        await this.#takeBeforeTransaction()?.();
        return sendTransaction(this.#account, await this.#chains.currentId(), this.#chains.rpcUrl(), params, {
          gasLimit: this.#takeGasLimit(),
          legacy: this.#legacy,
        });
      case "eth_sign":
      case "eth_signTransaction":
        throw new WalletRpcError(WALLET_ERROR.unsupportedMethod, `${method} is not supported by the test wallet`);
      default:
        return jsonRpc(this.#chains.rpcUrl(), method, params);
    }
  }

  #takeBeforeTransaction() {
    const change = this.#beforeTransaction;
    this.#beforeTransaction = null;
    return change;
  }

  #connect() {
    if (this.#rejectConnection) {
      this.#rejectConnection = false;
      throw userRejected();
    }
    this.#authorized = true;
  }

  #takeGasLimit(): bigint | undefined {
    if (!this.#starveTransaction) return undefined;
    this.#starveTransaction = false;
    return STARVED_GAS;
  }

  #permissions() {
    return [
      {
        parentCapability: "eth_accounts",
        caveats: [{ type: "restrictReturnedAccounts", value: [this.#shownAddress] }],
      },
    ];
  }

  #consumeSignature() {
    if (!this.#authorized)
      throw new WalletRpcError(WALLET_ERROR.unauthorized, "The site is not connected to the wallet");
    if (this.#rejectSignature) {
      this.#rejectSignature = false;
      throw userRejected();
    }
  }

  async #addChain(parameter: unknown): Promise<null> {
    const { chainId, rpcUrls } = (parameter ?? {}) as { chainId?: Hex; rpcUrls?: string[] };
    const rpcUrl = rpcUrls?.[0];
    if (!chainId || !rpcUrl)
      throw new WalletRpcError(WALLET_ERROR.invalidParams, "wallet_addEthereumChain needs chainId and rpcUrls");
    this.#chains.add(Number(chainId), rpcUrl);
    await this.switchChain(Number(chainId));
    return null;
  }

  async #switchToKnownChain(parameter: unknown): Promise<null> {
    const chainId = Number((parameter as { chainId?: Hex } | undefined)?.chainId);
    if (!(await this.#chains.isKnown(chainId)))
      throw new WalletRpcError(WALLET_ERROR.unrecognizedChain, `Unrecognized chain ID ${chainId}`);
    if (chainId !== (await this.#chains.currentId())) await this.switchChain(chainId);
    return null;
  }

  async #emit(event: string, payload: unknown): Promise<void> {
    const call = `globalThis[${JSON.stringify(SCRIPT_ARGS.emitFunction)}]?.(${JSON.stringify(event)}, ${JSON.stringify(payload)})`;
    const pages = [...this.#pages].filter((page) => !page.isClosed());
    await Promise.all(pages.map((page) => page.evaluate(call)));
  }
}
