import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import { Button, Text } from "@mantine/core";
import type { ChainConfigResponse } from "@pli/api/public-contract";
import { messages } from "@/shared/config/messages";
import { StatusScreen } from "@/shared/ui/status-screen";
import { chainConfigQueryOptions } from "./chain-config";
import { createWagmiConfig, type WagmiConfig } from "./wagmi-config";

/**
 * One wagmi setup per chain configuration (the query keeps the same object for the whole visit): the connect page and
 * the signed-in frames each mount a provider, and share the connection through it.
 */
const configs = new WeakMap<ChainConfigResponse, WagmiConfig>();
function wagmiConfigFor(config: ChainConfigResponse): WagmiConfig {
  const known = configs.get(config);
  if (known) return known;
  const created = createWagmiConfig(config);
  configs.set(config, created);
  return created;
}

/**
 * Loads the chain configuration from the API, then sets up wagmi for that chain; `pending` is shown meanwhile (by
 * default a full-page loading message).
 */
export function ChainProvider({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  const chainConfig = useQuery(chainConfigQueryOptions());
  if (chainConfig.isPending) return pending ?? <StatusScreen busy>{messages.loading}</StatusScreen>;
  if (chainConfig.isError) {
    return (
      <StatusScreen>
        <Text>{messages.configLoadFailed}</Text>
        <Button onClick={() => void chainConfig.refetch()}>{messages.tryAgain}</Button>
      </StatusScreen>
    );
  }
  return <WagmiProvider config={wagmiConfigFor(chainConfig.data)}>{children}</WagmiProvider>;
}
