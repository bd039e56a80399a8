import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { Earnings } from "@pli/api/public-contract";
import { Box, Center, Group, Paper, SimpleGrid, Stack, Text, Title, useMatches } from "@mantine/core";
import { formatDate, formatMonth } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Countdown } from "@/shared/ui/countdown";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";
import type { RowData } from "@tanstack/react-table";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { usePliValueAxis } from "@/shared/ui/chart-axis";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { earningsBars, monthLabel, yieldShown } from "../dashboard-display";
import { dashboardMessages as m } from "../messages";

type Figures = Earnings["total"];

/**
 * A bar per month of what it earned (or, not accrued yet, is expected to) and one beside it of what was paid for it,
 * both from the axis (Mantine's `stacked` type would put every series on one stack: a paid month drawn twice its
 * height), every month labelled (slanted on a phone so twelve fit), the months not accrued yet (the running one, and one
 * just over until the hourly accrual reaches it) in their own colour, on the PLI charts' value axis.
 */
function EarningsChart({ months }: { months: Figures["months"] }) {
  const phone = useMatches({ base: true, sm: false });
  const axis = usePliValueAxis();
  const data = earningsBars(months);
  if (months.every((month) => BigInt(month.earned) === 0n && BigInt(month.paid) === 0n))
    return (
      <Center h={120}>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {m.earningsNone}
        </Text>
      </Center>
    );
  return (
    <BarChart
      h={phone ? 300 : 260}
      data={data}
      dataKey="month"
      series={[
        { name: "earned", label: m.earningsEarned, color: `${TONE_COLORS.warning}.6`, stackId: "earned" },
        { name: "expected", label: m.earningsNotAccrued, color: `${TONE_COLORS.warning}.3`, stackId: "earned" },
        { name: "paid", label: m.earningsPaid, color: `${TONE_COLORS.success}.6`, stackId: "paid" },
      ]}
      withLegend
      legendProps={{ verticalAlign: "bottom" }}
      xAxisProps={phone ? { interval: 0, angle: -60, textAnchor: "end", height: 64, fontSize: 11 } : { interval: 0 }}
      {...axis}
    />
  );
}

/**
 * The running month: what it comes to as things stand, what its inactive days so far took off, and when it is paid
 * (unless it comes to nothing).
 */
function RunningMonth({ running }: { running: Figures["running"] }) {
  const deducted = BigInt(running.deducted);
  return (
    <Text size="sm">
      <b>{m.earningsRunning(monthLabel(running.month), running.daysSoFar, running.daysInMonth)}:</b>{" "}
      <Amount wei={BigInt(running.expected)} /> {m.earningsExpected}
      {"; "}
      {deducted > 0n ? (
        <>
          <Amount wei={deducted} fw={700} /> {m.earningsDeducted(running.inactiveDays)}
        </>
      ) : (
        m.earningsNoDeduction
      )}
      {BigInt(running.expected) > 0n ? (
        <>
          {". "}
          {m.earningsNextPayment}: {formatDate(running.paymentDue)}
        </>
      ) : (
        "."
      )}
    </Text>
  );
}

type Payment = Figures["payments"][number];
type Accrued = Figures["accrued"][number];

/** A payment table's first two columns: the month a row was earned for (a card's title) and its amount in wei. */
function monthAndAmount<T extends { month: string }>(wei: (row: T) => string): Column<T>[] {
  return [
    {
      id: "month",
      header: m.earningsEarnedFor,
      meta: { card: "title" },
      cell: ({ row }) => formatMonth(row.original.month),
    },
    {
      id: "amount",
      header: m.earningsAmount,
      meta: { card: "amount" },
      cell: ({ row }) => <Amount wei={BigInt(wei(row.original))} />,
    },
  ];
}

const PAYMENT_COLUMNS: Column<Payment>[] = [
  ...monthAndAmount<Payment>((payment) => payment.amount),
  {
    id: "paidAt",
    header: m.earningsPaidOn,
    meta: { card: "status", cardLabel: m.earningsPaidOn },
    cell: ({ row }) => formatDate(row.original.paidAt),
  },
];

const ACCRUED_COLUMNS: Column<Accrued>[] = [
  ...monthAndAmount<Accrued>((row) => row.token),
  {
    id: "paymentDue",
    header: m.earningsPaymentDue,
    meta: { card: "status", cardLabel: m.earningsPaymentDue },
    cell: ({ row }) => (
      <>
        {formatDate(row.original.paymentDue)}, <Countdown date={row.original.paymentDue} />
      </>
    ),
  },
];

/** The narrowest a payment table is drawn before it scrolls: a month, the longest amount and a date, wrapped. */
const PAYMENT_TABLE_MIN_WIDTH = 400;

/**
 * What the chain paid, by the month each payment was earned for, and what waits, with when it is paid: the product's
 * table, so a phone shows each month as a card (an amount kept on one line is wider than a phone's third of a row). The
 * two sit side by side once the section is 60 rem wide (a container query), each then wide enough for its amounts.
 */
function PaymentTables({ figures }: { figures: Figures }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, "60rem": 2 }} spacing="md">
      <PaymentTable
        title={m.earningsPayments}
        none={m.earningsNoPayment}
        columns={PAYMENT_COLUMNS}
        rows={figures.payments}
        rowId={(payment) => `${payment.txHash}-${payment.node}-${payment.month}`}
      />
      <PaymentTable
        title={m.earningsToBePaid}
        none={m.earningsNothingAccrued}
        columns={ACCRUED_COLUMNS}
        rows={figures.accrued}
        rowId={(row) => `${row.node}-${row.date}`}
      />
    </SimpleGrid>
  );
}

/** One of the payment tables under its title, or what says there is nothing in it. */
function PaymentTable<T extends RowData>({
  title,
  none,
  columns,
  rows,
  rowId,
}: {
  title: string;
  none: string;
  columns: Column<T>[];
  rows: T[];
  rowId: (row: T) => string;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          loading={false}
          getRowId={rowId}
          caption={title}
          minWidth={PAYMENT_TABLE_MIN_WIDTH}
          wrap
        />
      )}
    </Stack>
  );
}

/**
 * The four figures of a set of earnings: stake, paid, accrued with its next payment, realised yield, as many to a row as
 * the section's width holds (StatGrid); an amount of a large payout ("123,456,788.1234 PLI") is drawn smaller in a
 * narrow card.
 */
function FigureCards({ figures }: { figures: Figures }) {
  const last = figures.payments[0];
  return (
    <StatGrid cols={4}>
      <StatCard label={m.earningsStake} value={<Amount wei={BigInt(figures.stake)} fz="xl" />} />
      <StatCard
        label={m.earningsPaidLastYear}
        value={<Amount wei={BigInt(figures.paidLastYear)} fz="xl" />}
        detail={
          last ? (
            <>
              {m.earningsLastPayment} {formatDate(last.paidAt)} ({formatMonth(last.month)})
            </>
          ) : (
            m.earningsNoPayment
          )
        }
      />
      <StatCard
        label={m.earningsAccrued}
        value={<Amount wei={BigInt(figures.accruedTotal)} fz="xl" />}
        detail={
          figures.nextPayment ? (
            <>
              {m.earningsNextPayment} {formatDate(figures.nextPayment)}, <Countdown date={figures.nextPayment} />
            </>
          ) : (
            m.earningsNoPaymentDue
          )
        }
      />
      <StatCard label={m.earningsYield} value={yieldShown(figures).value} detail={yieldShown(figures).detail} />
    </StatGrid>
  );
}

/**
 * What the operator earns, in total and per node: stake, a bar per month of what was earned and paid (the running
 * month as it stands, its inactive days so far taken off), payments and accruals with their dates, and the yield the
 * chain's payments realised against stake time.
 */
export function EarningsSection({ earnings }: { earnings: Earnings | undefined }) {
  if (!earnings) return null;
  const { total, nodes } = earnings;
  return (
    <Section title={m.earningsTitle} description={m.earningsDescription}>
      <FigureCards figures={total} />
      <RunningMonth running={total.running} />
      <Stack gap={4} role="group" aria-label={m.earningsPerMonth}>
        <Title order={3} size="h5">
          {m.earningsPerMonth}
        </Title>
        <EarningsChart months={total.months} />
      </Stack>
      <PaymentTables figures={total} />
      {nodes.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {m.earningsPerNode}
          </Title>
          <SimpleGrid type="container" cols={{ base: 1, "45rem": 2 }} spacing="sm">
            {nodes.map((node) => (
              <Paper
                key={node.nodeAddress}
                withBorder
                radius="md"
                p="md"
                role="group"
                aria-label={node.name ?? node.nodeAddress}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600}>{node.name ?? m.earningsNodeFallback}</Text>
                  <Address value={node.nodeAddress} />
                </Group>
                <Box mt="sm">
                  <DetailGrid>
                    <Detail label={m.earningsStake}>
                      <Amount wei={BigInt(node.stake)} />
                    </Detail>
                    <Detail label={m.earningsAccrued}>
                      <Amount wei={BigInt(node.accruedTotal)} />
                    </Detail>
                    <Detail label={m.earningsPaidLastYear}>
                      <Amount wei={BigInt(node.paidLastYear)} />
                    </Detail>
                    <Detail label={m.earningsYield}>{plainValue(yieldShown(node).value)}</Detail>
                  </DetailGrid>
                </Box>
                {node.unlockedAt ? (
                  <Text size="sm" mt="xs" fw={600}>
                    {m.earningsUnlocked} <Countdown date={node.unlockedAt} />: {m.earningsWithdrawNow}
                  </Text>
                ) : null}
                <Text size="sm" mt="xs">
                  {monthLabel(node.running.month)}: <Amount wei={BigInt(node.running.expected)} />
                  {BigInt(node.running.deducted) > 0n ? (
                    <>
                      {" "}
                      (<Amount wei={BigInt(node.running.deducted)} fw={700} />{" "}
                      {m.earningsDeducted(node.running.inactiveDays)})
                    </>
                  ) : null}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Section>
  );
}
