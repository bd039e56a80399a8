import { Paper, SimpleGrid, Text, type SimpleGridProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A second line under the value (a sum, a date). */
  detail?: ReactNode;
  /** Where the card leads; the whole card is then one link named by its text. */
  to?: string;
}

/** One figure of a summary (a count, a total) with its label; a group named by its label, or a link. */
export function StatCard({ label, value, detail, to }: StatCardProps) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4}>
        {value}
      </Text>
      {detail ? (
        <Text size="sm" c="dimmed" mt={2}>
          {detail}
        </Text>
      ) : null}
    </>
  );
  return to ? (
    <Paper component={Link} to={to} withBorder radius="md" p="md" td="none" c="inherit" miw={0}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label} miw={0}>
      {body}
    </Paper>
  );
}

/** Stat cards side by side: one to a row on a phone, two on a small tablet, `cols` from a laptop up. */
export function StatGrid({ children, cols = 4 }: { children: ReactNode; cols?: SimpleGridProps["cols"] }) {
  return (
    <SimpleGrid cols={typeof cols === "number" ? { base: 1, xs: 2, md: cols } : cols} spacing="sm">
      {children}
    </SimpleGrid>
  );
}
