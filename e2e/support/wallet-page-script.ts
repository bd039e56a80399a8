/** What the page shows wallets in the EIP-6963 announcement. */
export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface WalletPageScriptArgs {
  /** Name of the binding (exposed by Node) that answers each request. */
  requestBinding: string;
  /** Name of the page function Node calls to emit an EIP-1193 event. */
  emitFunction: string;
  info: WalletInfo;
}

/** Answer of the Node side: a result, or an EIP-1193 error to throw in the page. */
export type BridgeResponse = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

interface PageGlobals {
  ethereum?: unknown;
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: Event): boolean;
}

/**
 * Runs inside the page before its own scripts (serialised by Playwright, so it must not use anything
 * from this module's scope): an EIP-1193 provider that forwards every request to Node, set as
 * window.ethereum and announced through EIP-6963.
 */
export function installWalletInPage(args: WalletPageScriptArgs): void {
  const page = globalThis as unknown as PageGlobals;
  const slots = globalThis as unknown as Record<string, unknown>;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const provider = {
    isTestWallet: true,
    async request(request: { method: string; params?: unknown }) {
      const bridge = slots[args.requestBinding] as (request: {
        method: string;
        params: unknown;
      }) => Promise<BridgeResponse>;
      const response = await bridge({ method: request.method, params: request.params ?? [] });
      if ("error" in response) throw Object.assign(new Error(response.error.message), response.error);
      return response.result;
    },
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return provider;
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  slots[args.emitFunction] = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  page.ethereum = provider;
  const detail = Object.freeze({ info: Object.freeze({ ...args.info }), provider });
  const announce = () => page.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  page.addEventListener("eip6963:requestProvider", announce);
  announce();
}

/**
 * The init script's source. Some TypeScript runners (tsx, esbuild with keepNames) wrap functions in
 * `__name(...)` calls that do not exist in the page, so the script brings a no-op `__name` of its own.
 */
export function walletPageScript(args: WalletPageScriptArgs): string {
  return `(() => { const __name = (target) => target; (${installWalletInPage.toString()})(${JSON.stringify(args)}); })();`;
}
