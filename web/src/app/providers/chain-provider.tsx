import { useQuery } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { WagmiProvider } from "wagmi";
import { Button, Text } from "@mantine/core";
import type { ChainConfigResponse } from "@pli/api/public-contract";
import { chainConfigQueryOptions } from "@/chain/chain-config";
import { createWagmiConfig } from "@/chain/wagmi-config";
import { messages } from "@/shared/config/messages";
import { StatusScreen } from "@/shared/ui/status-screen";

function ConfiguredWagmi({ config, children }: { config: ChainConfigResponse; children: ReactNode }) {
  const wagmiConfig = useMemo(() => createWagmiConfig(config), [config]);
  return <WagmiProvider config={wagmiConfig}>{children}</WagmiProvider>;
}

/** Loads the chain configuration from the API, then sets up wagmi for that chain. */
export function ChainProvider({ children }: { children: ReactNode }) {
  const chainConfig = useQuery(chainConfigQueryOptions());
  if (chainConfig.isPending) return <StatusScreen busy>{messages.loading}</StatusScreen>;
  if (chainConfig.isError) {
    return (
      <StatusScreen>
        <Text>{messages.configLoadFailed}</Text>
        <Button onClick={() => void chainConfig.refetch()}>{messages.tryAgain}</Button>
      </StatusScreen>
    );
  }
  return <ConfiguredWagmi config={chainConfig.data}>{children}</ConfiguredWagmi>;
}

/**
 * The routes that talk to a wallet (the connect page and the signed-in frames), below one wagmi setup: the admin
 * sign-in pages load no wallet code.
 */
export function ChainScope() {
  return (
    <ChainProvider>
      <Outlet />
    </ChainProvider>
  );
}
