import { useEffect, useState } from "react";

/** The legacy injected provider (window.ethereum). */
export function hasWindowEthereum(): boolean {
  return typeof window !== "undefined" && (window as { ethereum?: unknown }).ethereum != null;
}

/**
 * Whether the browser has a wallet, without loading wagmi: window.ethereum, or a wallet answering the EIP-6963 request
 * (wagmi's discovery asks the same way once it loads).
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
