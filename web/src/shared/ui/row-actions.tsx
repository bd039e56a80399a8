import { Divider, Group, Stack, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";
import { UnavailableButton } from "./unavailable-button";

/**
 * A list row's actions with the destructive one (Delete, Remove) set apart after a divider, so a slip from Edit never
 * lands on it. `stacked` puts the actions one under another (a narrow column), the divider between them lying flat.
 */
export function RowActions({
  children,
  danger,
  stacked = false,
}: {
  children: ReactNode;
  danger?: ReactNode;
  stacked?: boolean;
}) {
  const Box = stacked ? Stack : Group;
  return (
    <Box gap="xs" {...(stacked ? { align: "flex-start" } : { wrap: "nowrap" as const })}>
      {children}
      {danger ? (
        <>
          <Divider orientation={stacked ? "horizontal" : "vertical"} w={stacked ? "100%" : undefined} />
          {danger}
        </>
      ) : null}
    </Box>
  );
}

/**
 * The destructive action of a row (Delete, Remove): red and light, named for the record it acts on; with
 * `unavailableBecause`, unavailable and saying why.
 */
export function DangerButton({
  children,
  label,
  onClick,
  unavailableBecause,
  ...props
}: ButtonProps & { children: ReactNode; label: string; onClick: () => void; unavailableBecause?: string }) {
  return (
    <UnavailableButton
      size="xs"
      variant="light"
      color="red"
      onClick={onClick}
      aria-label={label}
      unavailableBecause={unavailableBecause}
      {...props}
    >
      {children}
    </UnavailableButton>
  );
}
