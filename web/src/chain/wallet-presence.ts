import { useEffect, useState } from "react";

interface InjectedGlobals {
  ethereum?: object | null;
  xdc?: object | null;
}

/**
 * The wallet injected as window.ethereum or window.xdc (XDCPay 1.x sets both, some XDC wallets only the second), and
 * whether it is XDC's.
 */
export function legacyWalletOf(target: object): { provider: object; xdc: boolean } | undefined {
  const { ethereum, xdc } = target as InjectedGlobals;
  const provider = ethereum ?? xdc;
  return provider ? { provider, xdc: xdc != null } : undefined;
}

/** Whether a wallet is injected as window.ethereum or window.xdc. */
export function hasWindowEthereum(): boolean {
  return typeof window !== "undefined" && legacyWalletOf(window) !== undefined;
}

/**
 * Whether the browser has a wallet, without loading wagmi: window.ethereum or window.xdc, or a wallet answering the
 * EIP-6963 request (the wallet connector asks the same way once it loads).
 */
export function useWalletPresence(): boolean {
  const [present, setPresent] = useState(hasWindowEthereum);
  useEffect(() => {
    const found = () => setPresent(true);
    window.addEventListener("eip6963:announceProvider", found);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    return () => window.removeEventListener("eip6963:announceProvider", found);
  }, []);
  return present;
}

/**
 * Whether wagmi remembers a wallet connected on an earlier visit (it reconnects it on load): wagmi's storage key of the
 * last connector, under its default `wagmi` prefix.
 */
export function hasRememberedWallet(): boolean {
  try {
    return localStorage.getItem("wagmi.recentConnectorId") !== null;
  } catch {
    return false;
  }
}
