import { Text, type TextProps } from "@mantine/core";
import { formatToken, formatTokenExact } from "../format";
import classes from "./mono.module.css";

/**
 * A token amount (wei) to 4 decimals with its unit: monospace, never wrapped mid-value. `exact` shows every decimal
 * (and may wrap) where a rounding would hide a difference.
 */
export function Amount({
  wei,
  unit = "PLI",
  testId,
  exact = false,
  ...props
}: TextProps & { wei: bigint | undefined; unit?: string; testId?: string; exact?: boolean }) {
  const text = wei === undefined ? "…" : exact ? formatTokenExact(wei) : formatToken(wei);
  return (
    <Text component="span" className={exact ? classes.exact : classes.value} {...props}>
      <span data-testid={testId}>{text}</span> {unit}
    </Text>
  );
}
