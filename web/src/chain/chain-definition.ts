import { defineChain, type Chain } from "viem";
import type { ChainConfigResponse } from "@pli/api/public-contract";

const XDC = { name: "XDC", symbol: "XDC", decimals: 18 } as const;

const KNOWN_NETWORKS: Record<number, Pick<Chain, "name" | "nativeCurrency">> = {
  50: { name: "XDC Network", nativeCurrency: XDC },
  51: { name: "XDC Apothem Network", nativeCurrency: { name: "TXDC", symbol: "TXDC", decimals: 18 } },
};

/** A viem chain built from the runtime configuration; unknown ids (local chains) get a generic name. */
export function chainFromConfig(config: ChainConfigResponse): Chain {
  const known = KNOWN_NETWORKS[config.chainId] ?? { name: `Local chain ${config.chainId}`, nativeCurrency: XDC };
  return defineChain({
    id: config.chainId,
    ...known,
    rpcUrls: {
      default: { http: [config.rpcUrl], ...(config.wsUrl ? { webSocket: [config.wsUrl] } : {}) },
    },
  });
}
