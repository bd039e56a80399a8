import { Text, type TextProps } from "@mantine/core";
import { formatToken } from "../format";
import classes from "./mono.module.css";

/** A token amount (wei) to 4 decimals with its unit: monospace, never wrapped mid-value. */
export function Amount({
  wei,
  unit = "PLI",
  testId,
  ...props
}: TextProps & { wei: bigint | undefined; unit?: string; testId?: string }) {
  return (
    <Text component="span" className={classes.value} {...props}>
      <span data-testid={testId}>{wei === undefined ? "…" : formatToken(wei)}</span> {unit}
    </Text>
  );
}
