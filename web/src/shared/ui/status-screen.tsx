import { Center, Loader, Stack } from "@mantine/core";
import type { ReactNode } from "react";

/** A full-page message shown before the app can render (loading, or a failure to start). */
export function StatusScreen({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <Center mih="100dvh" p="md" role="status" aria-busy={busy}>
      <Stack align="center" gap="sm">
        {busy ? <Loader size="sm" aria-hidden="true" /> : null}
        {children}
      </Stack>
    </Center>
  );
}
