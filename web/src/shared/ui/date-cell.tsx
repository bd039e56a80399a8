import { Text, type TextProps } from "@mantine/core";
import { formatDate, type DateFormat } from "@/shared/format/dates";
import classes from "./data-table.module.css";

/** A date in a list's cell, in one of the spec's formats, never broken over two lines (a wrapping table keeps it). */
export function DateCell({
  value,
  format,
  ...props
}: Omit<TextProps, "children"> & { value: string | null | undefined; format?: DateFormat }) {
  return (
    <Text component="span" size="sm" className={classes.date} {...props}>
      {formatDate(value, format)}
    </Text>
  );
}
