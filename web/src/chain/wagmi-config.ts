import { createConfig } from "wagmi";
import { chainHttp } from "@pli/abis";
import type { ChainConfigResponse } from "@pli/api/public-contract";
import { chainFromConfig } from "./chain-definition";
import { browserWalletConnector } from "./wallet-connector";

/**
 * The wagmi configuration for the configured chain: one connector, the browser's wallet through the EIP-1193 adapter
 * (wallet-provider.ts), whether it announced itself through EIP-6963 or only set window.ethereum / window.xdc.
 */
export function createWagmiConfig(config: ChainConfigResponse) {
  const chain = chainFromConfig(config);
  return createConfig({
    chains: [chain],
    connectors: [browserWalletConnector()],
    multiInjectedProviderDiscovery: false,
    transports: { [chain.id]: chainHttp(config.rpcUrl, { batch: true }) },
  });
}

export type WagmiConfig = ReturnType<typeof createWagmiConfig>;

declare module "wagmi" {
  interface Register {
    config: WagmiConfig;
  }
}
