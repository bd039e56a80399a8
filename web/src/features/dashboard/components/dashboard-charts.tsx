import "@mantine/charts/styles.css";
import { AreaChart, BarChart } from "@mantine/charts";
import type { OperatorDashboard } from "@pli/api/public-contract";
import { Section } from "@/shared/ui/section";
import { TONE_COLORS } from "@/shared/theme/theme";
import { chartPli, chartValue, monthLabel } from "../dashboard-display";

type Charts = OperatorDashboard["charts"];

const CHART_HEIGHT = 240;
const axis = { yAxisProps: { width: 80 }, valueFormatter: chartValue, tickLine: "y" as const, gridAxis: "y" as const };

/**
 * The stake held at each month's end (the chain's stake and top-up events less withdrawals), as an area over the twelve
 * months.
 */
export function StakeChart({ data, title }: { data: Charts["stake"]; title: string }) {
  return (
    <Section title={title}>
      <AreaChart
        h={CHART_HEIGHT}
        data={data.map((point) => ({ month: monthLabel(point.month), stake: chartPli(point.total) }))}
        dataKey="month"
        series={[{ name: "stake", label: "Stake", color: `${TONE_COLORS.primary}.6` }]}
        curveType="linear"
        {...axis}
      />
    </Section>
  );
}

/** Incentives by the month of their date: accrued, and of that what the chain has paid. */
export function IncentiveChart({ data, title }: { data: Charts["incentives"]; title: string }) {
  return (
    <Section title={title}>
      <BarChart
        h={CHART_HEIGHT}
        data={data.map((point) => ({
          month: monthLabel(point.month),
          accrued: chartPli(point.accrued),
          paid: chartPli(point.paid),
        }))}
        dataKey="month"
        series={[
          { name: "accrued", label: "Accrued", color: `${TONE_COLORS.warning}.6` },
          { name: "paid", label: "Paid", color: `${TONE_COLORS.success}.6` },
        ]}
        withLegend
        {...axis}
      />
    </Section>
  );
}

/** What the chain paid out in each month (reward payments by block time). */
export function PayoutChart({ data, title }: { data: Charts["payouts"]; title: string }) {
  return (
    <Section title={title}>
      <BarChart
        h={CHART_HEIGHT}
        data={data.map((point) => ({ month: monthLabel(point.month), payouts: chartPli(point.amount) }))}
        dataKey="month"
        series={[{ name: "payouts", label: "Paid out", color: `${TONE_COLORS.success}.6` }]}
        {...axis}
      />
    </Section>
  );
}
