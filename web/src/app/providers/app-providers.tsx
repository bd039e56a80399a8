import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { LiveUpdates } from "@/shared/live/live-updates";
import { SessionProvider } from "@/shared/session/session-provider";
import { cssVariablesResolver, theme } from "@/shared/theme/theme";
import classes from "./notifications.module.css";
import { ChainProvider } from "./chain-provider";
import { createQueryClient } from "./query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="bottom-right" zIndex={400} containerWidth={380} classNames={classes} />
      <QueryClientProvider client={queryClient}>
        <ChainProvider>
          <SessionProvider>
            <LiveUpdates />
            <ModalsProvider>{children}</ModalsProvider>
          </SessionProvider>
        </ChainProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
