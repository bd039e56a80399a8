import { http } from "viem";
import { createConfig, injected } from "wagmi";
import type { ChainConfigResponse } from "@pli/api/public-contract";
import { chainFromConfig } from "./chain-definition";

/**
 * The wagmi configuration for the configured chain: the generic injected connector (window.ethereum)
 * plus one connector per wallet announced through EIP-6963.
 */
export function createWagmiConfig(config: ChainConfigResponse) {
  const chain = chainFromConfig(config);
  return createConfig({
    chains: [chain],
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: http(config.rpcUrl, { batch: true }) },
  });
}

export type WagmiConfig = ReturnType<typeof createWagmiConfig>;

declare module "wagmi" {
  interface Register {
    config: WagmiConfig;
  }
}
