import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** What to do next where there is nothing yet (an empty list, a record not found): a sentence and its action. */
export function NextStep({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs">
      <Text size="sm" ta="center" maw={440}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}
