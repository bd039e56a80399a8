import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { NetworkFigures } from "@pli/api/public-contract";
import { Center, Text } from "@mantine/core";
import { chartPli, monthLabel } from "@/shared/format/chart";
import { usePliValueAxis } from "@/shared/ui/chart-axis";
import { TONE_COLORS } from "@/shared/theme/theme";
import { networkMessages } from "../messages";
import { CHART_HEIGHT } from "../network-display";

/**
 * What the chain paid out in each month (reward payments by block time), as bars; a sentence instead when nothing was
 * paid. Loaded on its own (the chart library is the page's largest part), after the figures and the leaderboard.
 */
export default function PayoutsChart({ data }: { data: NetworkFigures["payouts"] }) {
  const axis = usePliValueAxis();
  if (data.every((point) => BigInt(point.amount) === 0n))
    return (
      <Center h={CHART_HEIGHT}>
        <Text size="sm" c="dimmed" ta="center">
          {networkMessages.noPayouts}
        </Text>
      </Center>
    );
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={data.map((point) => ({ month: monthLabel(point.month), payouts: chartPli(point.amount) }))}
      dataKey="month"
      series={[{ name: "payouts", label: "Paid out", color: `${TONE_COLORS.success}.6` }]}
      {...axis}
    />
  );
}
