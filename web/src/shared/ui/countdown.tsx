import { Text } from "@mantine/core";
import { formatAgo, formatDate } from "../format/dates";

/** A date to come (or gone) in words, its DD-MM-YYYY on hover: 'in 12 days', '3 days ago'. */
export function Countdown({ date }: { date: string }) {
  return (
    <Text component="span" inherit title={formatDate(date)}>
      {formatAgo(date)}
    </Text>
  );
}
