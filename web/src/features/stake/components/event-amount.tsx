import { Stack, Text } from "@mantine/core";
import { Amount } from "@/shared/ui/amount";
import { stakeMessages } from "../stake-display";

/**
 * A stake event's amount (the spec's Total Stake: what this transaction moved) and, beneath it, the position's total
 * once it applied, so a top-up of 1,000 is not read as a stake of 1,000. The second line may break before its figure
 * where the table is tight.
 */
export function EventAmount({ event }: { event: { totalStake: string; totalAfter: string } }) {
  return (
    <Stack gap={2}>
      <Amount wei={BigInt(event.totalStake)} size="sm" />
      <Text size="xs" c="dimmed" style={{ whiteSpace: "normal" }}>
        {stakeMessages.stakedAfter} <Amount wei={BigInt(event.totalAfter)} size="xs" c="dimmed" />
      </Text>
    </Stack>
  );
}
