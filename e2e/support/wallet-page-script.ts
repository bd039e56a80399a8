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
  /** Name of the page function that tells whether the page listens to an event (`legacy`: to its config store). */
  listeningFunction: string;
  info: WalletInfo;
  /**
   * XDCPay 1.x's provider (metamask-inpage-provider 1.2) instead of an EIP-1193 one: `send`/`sendAsync` only,
   * `enable()`, a `publicConfigStore` of the selected account and network, window.xdc besides window.ethereum, and no
   * EIP-6963 announcement. `enableMethod` names the request behind its `enable()`, the only way it connects.
   */
  legacy: { enableMethod: string } | null;
}

/** Answer of the Node side: a result, or an EIP-1193 error to throw in the page. */
export type BridgeResponse = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

interface PageGlobals {
  ethereum?: unknown;
  xdc?: unknown;
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: Event): boolean;
}

/**
 * Runs inside the page before its own scripts (serialised by Playwright, so it must not use anything
 * from this module's scope): a provider that forwards every request to Node, set as window.ethereum; an EIP-1193 one
 * announced through EIP-6963, or with `legacy` one shaped like XDCPay 1.x's, also set as window.xdc.
 */
export function installWalletInPage(args: WalletPageScriptArgs): void {
  const page = globalThis as unknown as PageGlobals;
  const slots = globalThis as unknown as Record<string, unknown>;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const ask = async (method: string, params: unknown) => {
    const bridge = slots[args.requestBinding] as (request: {
      method: string;
      params: unknown;
    }) => Promise<BridgeResponse>;
    return bridge({ method, params: params ?? [] });
  };
  const legacyArgs = args.legacy;
  if (legacyArgs) {
    type State = { selectedAddress: string | null; networkVersion?: string };
    type Callback = (error: unknown, answer?: { id: unknown; jsonrpc: string; result?: unknown }) => void;
    let state: State = { selectedAddress: null };
    const subscribers = new Set<(next: State) => void>();
    const update = (next: Partial<State>) => {
      state = { ...state, ...next };
      for (const subscriber of [...subscribers]) subscriber(state);
    };
    const legacy = {
      isMetaMask: true,
      publicConfigStore: {
        getState: () => state,
        subscribe: (subscriber: (next: State) => void) => subscribers.add(subscriber),
        unsubscribe: (subscriber: (next: State) => void) => subscribers.delete(subscriber),
      },
      enable() {
        return ask(legacyArgs.enableMethod, []).then((response) => {
          if ("error" in response) throw Object.assign(new Error(response.error.message), response.error);
          state = { ...state, selectedAddress: (response.result as string[])[0] ?? null };
          return response.result;
        });
      },
      sendAsync(payload: { id?: unknown; method: string; params?: unknown }, callback: Callback) {
        void ask(payload.method, payload.params).then((response) => {
          // metamask-inpage-provider 1.2 hands errors over as plain messages, without EIP-1193's codes.
          if ("error" in response) callback(new Error(response.error.message));
          else callback(null, { id: payload.id, jsonrpc: "2.0", result: response.result });
        });
      },
      send(payload: { id?: unknown; method: string; params?: unknown }, callback?: Callback) {
        if (callback) return legacy.sendAsync(payload, callback);
        const synchronous: Record<string, () => unknown> = {
          eth_accounts: () => (state.selectedAddress ? [state.selectedAddress] : []),
          eth_coinbase: () => state.selectedAddress,
          net_version: () => state.networkVersion,
        };
        const answer = synchronous[payload.method];
        if (!answer) throw new Error(`The provider does not support synchronous methods like ${payload.method}`);
        return { id: payload.id, jsonrpc: "2.0", result: answer() };
      },
    };
    slots[args.listeningFunction] = () => subscribers.size > 0;
    slots[args.emitFunction] = (event: string, payload: unknown) => {
      if (event === "accountsChanged") update({ selectedAddress: (payload as string[])[0] ?? null });
      if (event === "chainChanged") update({ networkVersion: String(Number(payload)) });
    };
    page.ethereum = legacy;
    page.xdc = legacy;
    return;
  }
  const provider = {
    isTestWallet: true,
    async request(request: { method: string; params?: unknown }) {
      const response = await ask(request.method, request.params);
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
  slots[args.listeningFunction] = (event: string) => (listeners.get(event)?.size ?? 0) > 0;
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
