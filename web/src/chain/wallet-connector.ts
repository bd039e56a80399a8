import { injected } from "wagmi";
import { toEip1193Provider, type InjectedProvider } from "./wallet-provider";
import { legacyWalletOf } from "./wallet-presence";

interface AnnouncedWallet {
  info: { name: string; icon: string; rdns: string };
  provider: InjectedProvider;
}

/** Wallets that announced themselves through EIP-6963 since the wallet code loaded, in order. */
const announced: AnnouncedWallet[] = [];
if (typeof window !== "undefined") {
  window.addEventListener("eip6963:announceProvider", (event) => {
    const detail = (event as CustomEvent<AnnouncedWallet>).detail;
    if (detail?.provider && !announced.some((wallet) => wallet.provider === detail.provider)) announced.push(detail);
  });
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

/**
 * The browser's wallet: the first one announced through EIP-6963, else the one injected as window.ethereum or
 * window.xdc (XDCPay 1.x announces nothing and sets both), always through the EIP-1193 adapter.
 */
function browserWallet() {
  const first = announced[0];
  if (first)
    return {
      id: first.info.rdns,
      name: first.info.name,
      icon: first.info.icon,
      provider: () => toEip1193Provider(first.provider),
    };
  const legacy = legacyWalletOf(window);
  return {
    id: "injected",
    name: legacy?.xdc ? "XDCPay" : "Browser wallet",
    provider: () => (legacy ? toEip1193Provider(legacy.provider as InjectedProvider) : undefined),
  };
}

/** Whether the browser has a wallet the portal can use. */
export const hasBrowserWallet = (): boolean => announced.length > 0 || legacyWalletOf(window) !== undefined;

/**
 * The portal's one wallet connector: wagmi's injected connector on the browser's wallet as the adapter presents it
 * (wagmi's own EIP-6963 discovery is off, as it would hand wagmi the wallets' providers unadapted).
 */
export const browserWalletConnector = () => injected({ target: browserWallet });
