import { Text, Tooltip, type TextProps } from "@mantine/core";
import classes from "./mono.module.css";

/**
 * A long value (URL, identifier, email) on one line, cut with an ellipsis, whole on hover: in the monospace face
 * unless `mono` is false (an email, a note), at most `maw` wide (a table with many columns gives it less).
 */
export function LongValue({
  value,
  mono = true,
  maw = "18rem",
  size = "sm",
  ...props
}: Omit<TextProps, "maw"> & { value: string; mono?: boolean; maw?: string }) {
  return (
    <Tooltip label={value} withArrow events={{ hover: true, focus: false, touch: true }}>
      <Text
        component="span"
        size={size}
        className={mono ? `${classes.value} ${classes.truncated}` : classes.truncated}
        style={{ maxWidth: maw }}
        data-value={value}
        {...props}
      >
        {value}
      </Text>
    </Tooltip>
  );
}
