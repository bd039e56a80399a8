import { useMatches } from "@mantine/core";
import { abbreviate } from "@/shared/format";
import { CHART_UNIT, chartValue } from "@/shared/format/chart";

/**
 * The value axis of every PLI chart: labelled PLI once, its figures plain (60K, 9.00 × 10⁵⁹) and wide enough that the
 * largest amounts keep clear of each other: on one line on a laptop, over two on a phone. The tooltip gives each value
 * with its unit. Spread into a Mantine chart (BarChart, AreaChart).
 */
export function usePliValueAxis() {
  const phone = useMatches({ base: true, sm: false });
  return {
    yAxisLabel: CHART_UNIT,
    yAxisProps: { width: phone ? 84 : 96, tickFormatter: abbreviate },
    valueFormatter: chartValue,
    tickLine: "y",
    gridAxis: "y",
  } as const;
}
