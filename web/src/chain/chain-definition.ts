import { defineChain, type Chain } from "viem";
import { networkValues, type NetworkValues } from "@pli/abis";
import type { ChainConfigResponse } from "@pli/api/public-contract";

/** The values of the portal's chain from the one registry (XDC's networks, else the deployment's local chain). */
export const networkOfConfig = (config: ChainConfigResponse): NetworkValues =>
  networkValues(config.chainId, { rpcUrl: config.rpcUrl, explorerTxUrl: config.explorer.txUrl });

/** A viem chain built from the runtime configuration: the portal reads through its own RPC URL. */
export function chainFromConfig(config: ChainConfigResponse): Chain {
  const network = networkOfConfig(config);
  return defineChain({
    id: config.chainId,
    name: network.name,
    nativeCurrency: network.currency,
    rpcUrls: {
      default: { http: [config.rpcUrl], ...(config.wsUrl ? { webSocket: [config.wsUrl] } : {}) },
    },
    blockExplorers: { default: { name: `${network.name} explorer`, url: network.explorerUrl } },
  });
}
