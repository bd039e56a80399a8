import { Text, type TextProps } from "@mantine/core";
import { formatToken } from "../format";

/** A token amount (wei) to 4 decimals with its unit: monospace, never wrapped mid-value. */
export function Amount({ wei, unit = "PLI", testId, ...props }: TextProps & { wei: bigint | undefined; unit?: string; testId?: string }) {
  return (
    <Text component="span" ff="monospace" style={{ whiteSpace: "nowrap" }} {...props}>
      <span data-testid={testId}>{wei === undefined ? "…" : formatToken(wei)}</span> {unit}
    </Text>
  );
}
