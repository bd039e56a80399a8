import type { NetworkValues } from "@pli/abis";

/** The words of the wrong-network panel, for the panel and the tests that read it. */
export const NETWORK_PANEL_TEXT = {
  title: "Add the network by hand",
  explanation: "Your wallet could not switch by itself: add the network with these values and select it.",
  name: "Network name",
  chainId: "Chain ID",
  rpcUrl: "RPC URL",
  currency: "Currency symbol",
  explorer: "Block explorer URL",
  copy: (label: string) => `Copy ${label}`,
  copied: "Copied",
} as const;

/** The rows of the panel, in the order wallets' "add network" forms ask for them. */
export const networkValueRows = (network: NetworkValues): { label: string; value: string }[] => [
  { label: NETWORK_PANEL_TEXT.name, value: network.name },
  { label: NETWORK_PANEL_TEXT.rpcUrl, value: network.rpcUrl },
  { label: NETWORK_PANEL_TEXT.chainId, value: String(network.chainId) },
  { label: NETWORK_PANEL_TEXT.currency, value: network.currency.symbol },
  { label: NETWORK_PANEL_TEXT.explorer, value: network.explorerUrl },
];
