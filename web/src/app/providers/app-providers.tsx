import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { SessionProvider } from "../../shared/session/session-provider";
import { DialogProvider } from "../../shared/ui/dialogs";
import { ToastProvider } from "../../shared/ui/toast";
import { ChainProvider } from "./chain-provider";
import { createQueryClient } from "./query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ChainProvider>
        <SessionProvider>
          <ToastProvider>
            <DialogProvider>{children}</DialogProvider>
          </ToastProvider>
        </SessionProvider>
      </ChainProvider>
    </QueryClientProvider>
  );
}
