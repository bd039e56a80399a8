import "@mantine/charts/styles.css";
import { AreaChart, BarChart } from "@mantine/charts";
import type { OperatorDashboard } from "@pli/api/public-contract";
import { Center, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { usePliValueAxis } from "@/shared/ui/chart-axis";
import { Section } from "@/shared/ui/section";
import { TONE_COLORS } from "@/shared/theme/theme";
import { chartPli, monthLabel } from "../dashboard-display";
import { dashboardMessages } from "../messages";

type Charts = OperatorDashboard["charts"];

const CHART_HEIGHT = 240;

/** A chart's section: the chart, or what will show there when every month is zero (rather than an axis of zeros). */
function ChartSection({
  title,
  empty,
  emptyText,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Section title={title}>
      {empty ? (
        <Center h={CHART_HEIGHT}>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            {emptyText}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Section>
  );
}

const allZero = (values: string[]) => values.every((value) => BigInt(value) === 0n);

/**
 * The stake held at each month's end (the chain's stake and top-up events less withdrawals), as an area over the twelve
 * months.
 */
export function StakeChart({ data, title }: { data: Charts["stake"]; title: string }) {
  const axis = usePliValueAxis();
  return (
    <ChartSection title={title} empty={allZero(data.map((point) => point.total))} emptyText={dashboardMessages.noStake}>
      <AreaChart
        h={CHART_HEIGHT}
        data={data.map((point) => ({ month: monthLabel(point.month), stake: chartPli(point.total) }))}
        dataKey="month"
        series={[{ name: "stake", label: "Stake", color: `${TONE_COLORS.primary}.6` }]}
        curveType="linear"
        {...axis}
      />
    </ChartSection>
  );
}

/** Incentives by the month they were earned: accrued, and of that what the chain has paid. */
export function IncentiveChart({ data, title }: { data: Charts["incentives"]; title: string }) {
  const axis = usePliValueAxis();
  return (
    <ChartSection
      title={title}
      empty={allZero(data.map((point) => point.accrued))}
      emptyText={dashboardMessages.noIncentives}
    >
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
    </ChartSection>
  );
}

/** What the chain paid out in each month (reward payments by block time). */
export function PayoutChart({ data, title }: { data: Charts["payouts"]; title: string }) {
  const axis = usePliValueAxis();
  return (
    <ChartSection
      title={title}
      empty={allZero(data.map((point) => point.amount))}
      emptyText={dashboardMessages.noPayouts}
    >
      <BarChart
        h={CHART_HEIGHT}
        data={data.map((point) => ({ month: monthLabel(point.month), payouts: chartPli(point.amount) }))}
        dataKey="month"
        series={[{ name: "payouts", label: "Paid out", color: `${TONE_COLORS.success}.6` }]}
        {...axis}
      />
    </ChartSection>
  );
}
