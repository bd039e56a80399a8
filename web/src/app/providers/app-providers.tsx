import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { LiveUpdates } from "@/shared/live/live-updates";
import { SessionProvider } from "@/shared/session/session-provider";
import { cssVariablesResolver, theme } from "@/shared/theme/theme";
import { OverlayHost } from "@/shared/ui/overlay-host";
import { createQueryClient } from "./query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LiveUpdates />
          <OverlayHost />
          {children}
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
