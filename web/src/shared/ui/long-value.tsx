import { Text, Tooltip } from "@mantine/core";
import classes from "./mono.module.css";

/** A long value (URL, identifier) in the monospace face on one line, cut with an ellipsis, whole on hover. */
export function LongValue({ value }: { value: string }) {
  return (
    <Tooltip label={value} withArrow events={{ hover: true, focus: false, touch: true }}>
      <Text component="span" size="sm" className={`${classes.value} ${classes.truncated}`} data-value={value}>
        {value}
      </Text>
    </Tooltip>
  );
}
