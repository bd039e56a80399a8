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

/**
 * Lets a long unbroken text (an email, a hash, a URL) break anywhere instead of widening its box past a phone's
 * screen.
 */
export const WRAP_ANYWHERE = { overflowWrap: "anywhere" } as const;

/** A plain value of a Detail ('-' when empty); a long email or hash wraps. */
export const plainValue = (value: string | number) => (
  <Text size="sm" style={WRAP_ANYWHERE}>
    {value === "" ? "-" : value}
  </Text>
);

/**
 * Read-only fields in one column, two once the grid itself is 27.5 rem wide (440 px at the default text size), and
 * with `cols` 4 four once it is 55 rem wide (container queries: on a phone, in a card of a narrow grid, beside the menu
 * on a tablet), where an amount of hundreds of millions of PLI fits each column.
 */
export function DetailGrid({ children, cols = 2 }: { children: ReactNode; cols?: 2 | 4 }) {
  return (
    <SimpleGrid
      type="container"
      cols={{ base: 1, "27.5rem": 2, ...(cols === 4 ? { "55rem": 4 } : {}) }}
      spacing="lg"
      verticalSpacing="md"
    >
      {children}
    </SimpleGrid>
  );
}
