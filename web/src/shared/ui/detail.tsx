import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One read-only field of a record: its label above its value. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** A plain value of a Detail ('-' when empty). */
export const plainValue = (value: string | number) => <Text size="sm">{value === "" ? "-" : value}</Text>;

/** Read-only fields in one column on a phone and two from a tablet up. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}
