import { numberToHex, type EIP1193Provider } from "viem";

/** EIP-1193's error codes the adapter answers with. */
const REJECTED = 4001;
const UNSUPPORTED = 4200;
const INTERNAL = -32603;

type Listener = (payload: unknown) => void;
interface LegacyAnswer {
  result?: unknown;
  error?: unknown;
}
type LegacyCallback = (error: unknown, answer?: LegacyAnswer) => void;
interface LegacyState {
  selectedAddress?: string | null;
  networkVersion?: string;
}

/**
 * What a browser wallet injects: EIP-1193's `request()` (MetaMask, XDCPay 2.x), or only the legacy `send`/`sendAsync`
 * of MetaMask-4-era wallets (XDCPay 1.x, built on metamask-inpage-provider 1.2), with `enable()` for the accounts and
 * a `publicConfigStore` that holds the selected account and network.
 */
export interface InjectedProvider {
  request?(args: { method: string; params?: unknown }): Promise<unknown>;
  sendAsync?(payload: object, callback: LegacyCallback): void;
  send?(payload: object, callback?: LegacyCallback): unknown;
  enable?(): Promise<unknown>;
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
  publicConfigStore?: {
    getState?(): LegacyState;
    subscribe(listener: (state: LegacyState) => void): void;
  };
}

/** An error as EIP-1193 providers throw it (viem maps `code` to its own error classes). */
export class WalletRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "WalletRequestError";
  }
}

const XDC_ADDRESS = /^xdc([0-9a-fA-F]{40})$/i;

/** `value` with every `xdc…` address written `0x…`, as viem and wagmi expect them (they refuse the other form). */
export function normaliseAddresses(value: unknown): unknown {
  if (typeof value === "string") return value.replace(XDC_ADDRESS, "0x$1");
  if (Array.isArray(value)) return value.map(normaliseAddresses);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normaliseAddresses(item)]));
  return value;
}

/**
 * A wallet's failure as an EIP-1193 error. MetaMask-4-era wallets give a refusal no code, only its words ("User denied
 * message signature"): it becomes 4001, so the portal says "rejected in the wallet" as for any other wallet.
 */
function toRequestError(failure: unknown): WalletRequestError {
  const { code, message, data } = (failure ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const text = typeof message === "string" ? message : typeof failure === "string" ? failure : "The wallet failed";
  if (typeof code === "number") return new WalletRequestError(code, text, data);
  return new WalletRequestError(/user (denied|rejected)/i.test(text) ? REJECTED : INTERNAL, text, data);
}

let nextId = 1;

function legacyCall(raw: InjectedProvider, method: string, params: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const payload = { jsonrpc: "2.0", id: nextId++, method, params: params ?? [] };
    const callback: LegacyCallback = (error, answer) => {
      const failure = error ?? answer?.error;
      if (failure) reject(toRequestError(failure));
      else resolve(answer?.result);
    };
    if (raw.sendAsync) raw.sendAsync(payload, callback);
    else if (raw.send) raw.send(payload, callback);
    else reject(new WalletRequestError(UNSUPPORTED, "The wallet takes no requests"));
  });
}

/**
 * `request()` over the legacy calls: the accounts through `enable()`, the chain id through `net_version` when the wallet
 * does not answer `eth_chainId`. Such a wallet hands a method it does not know to its node, so the `wallet_*` methods
 * (switching or adding a network, permissions) are refused here as unsupported, as EIP-1193 says.
 */
async function legacyRequest(raw: InjectedProvider, method: string, params: unknown): Promise<unknown> {
  if (method === "eth_requestAccounts") {
    if (!raw.enable) return legacyCall(raw, "eth_accounts", []);
    return raw.enable().catch((error: unknown) => Promise.reject(toRequestError(error)));
  }
  if (method.startsWith("wallet_")) throw new WalletRequestError(UNSUPPORTED, `The wallet does not support ${method}`);
  if (method === "eth_chainId")
    return legacyCall(raw, method, []).catch(async () => numberToHex(Number(await legacyCall(raw, "net_version", []))));
  return legacyCall(raw, method, params);
}

/** The account and network changes of a legacy wallet, read from its public state, as EIP-1193 events. */
function legacyEvents(raw: InjectedProvider) {
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  let last: { account?: string; network?: string } | undefined;
  const read = (state: LegacyState) => ({
    account: state.selectedAddress ? String(normaliseAddresses(state.selectedAddress)) : undefined,
    network: /^\d+$/.test(state.networkVersion ?? "") ? state.networkVersion : undefined,
  });
  const onState = (state: LegacyState) => {
    const next = read(state);
    if (last && next.account !== last.account) emit("accountsChanged", next.account ? [next.account] : []);
    if (last && next.network && next.network !== last.network) emit("chainChanged", numberToHex(Number(next.network)));
    last = { account: next.account, network: next.network ?? last?.network };
  };
  let subscribed = false;
  return {
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      const store = raw.publicConfigStore;
      if (!subscribed && store) {
        subscribed = true;
        const initial = store.getState?.();
        if (initial) last = read(initial);
        store.subscribe(onState);
      }
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}

/** A modern wallet's events, with the accounts of `accountsChanged` written `0x…`. */
function forwardedEvents(raw: InjectedProvider) {
  const wrapped = new Map<Listener, Listener>();
  return {
    on(event: string, listener: Listener) {
      const forward = (payload: unknown) => listener(normaliseAddresses(payload));
      wrapped.set(listener, forward);
      raw.on?.(event, forward);
    },
    removeListener(event: string, listener: Listener) {
      const forward = wrapped.get(listener);
      if (forward) raw.removeListener?.(event, forward);
      wrapped.delete(listener);
    },
  };
}

const adapted = new WeakMap<object, EIP1193Provider>();

/**
 * The one place the portal meets a wallet: any injected provider as EIP-1193, every `xdc…` address in its answers and
 * events written `0x…`. The same wallet gives the same object, so wagmi's listeners come off as they went on.
 */
export function toEip1193Provider(raw: InjectedProvider): EIP1193Provider {
  const known = adapted.get(raw);
  if (known) return known;
  const modern = typeof raw.request === "function";
  const events = modern ? forwardedEvents(raw) : legacyEvents(raw);
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      const result = modern ? await raw.request!({ method, params }) : await legacyRequest(raw, method, params);
      return normaliseAddresses(result);
    },
    on(event: string, listener: Listener) {
      events.on(event, listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      events.removeListener(event, listener);
      return provider;
    },
  };
  const result = provider as unknown as EIP1193Provider;
  adapted.set(raw, result);
  return result;
}
