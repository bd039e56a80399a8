import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { Earnings } from "@pli/api/public-contract";
import { Center, Group, Paper, SimpleGrid, Stack, Table, Text, Title, useMatches } from "@mantine/core";
import { formatDate, formatMonth } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Countdown } from "@/shared/ui/countdown";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { chartPli, chartValue, monthLabel, yieldShown } from "../dashboard-display";
import { dashboardMessages as m } from "../messages";

type Figures = Earnings["total"];

/** A bar per month, every month labelled (slanted on a phone so twelve fit), the running month in its own colour. */
function EarningsChart({ months }: { months: Figures["months"] }) {
  const phone = useMatches({ base: true, sm: false });
  const data = months.map((month) => ({
    month: monthLabel(month.month),
    earned: month.running ? 0 : chartPli(month.earned),
    expected: month.running ? chartPli(month.earned) : 0,
    paid: chartPli(month.paid),
  }));
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
      type="stacked"
      series={[
        { name: "earned", label: m.earningsEarned, color: `${TONE_COLORS.warning}.6` },
        { name: "expected", label: m.earningsExpected, color: `${TONE_COLORS.warning}.3` },
        { name: "paid", label: m.earningsPaid, color: `${TONE_COLORS.success}.6`, stackId: "paid" },
      ]}
      withLegend
      legendProps={{ verticalAlign: "bottom" }}
      xAxisProps={phone ? { interval: 0, angle: -60, textAnchor: "end", height: 64, fontSize: 11 } : { interval: 0 }}
      yAxisProps={{ width: phone ? 56 : 80 }}
      valueFormatter={chartValue}
      tickLine="y"
      gridAxis="y"
    />
  );
}

/** The running month: what it comes to as things stand, and what its inactive days so far took off. */
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
      {". "}
      {m.earningsNextPayment}: {formatDate(running.paymentDue)}
    </Text>
  );
}

/** What the chain paid, by the month each payment was earned for, and what waits, with when it is paid. */
function PaymentTables({ figures }: { figures: Figures }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {m.earningsPayments}
        </Title>
        {figures.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.earningsNoPayment}
          </Text>
        ) : (
          <Table aria-label={m.earningsPayments} fz="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.earningsEarnedFor}</Table.Th>
                <Table.Th>{m.earningsAmount}</Table.Th>
                <Table.Th>{m.earningsPaidOn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.payments.map((payment) => (
                <Table.Tr key={`${payment.txHash}-${payment.month}-${payment.amount}`}>
                  <Table.Td>{formatMonth(payment.month)}</Table.Td>
                  <Table.Td>
                    <Amount wei={BigInt(payment.amount)} />
                  </Table.Td>
                  <Table.Td>{formatDate(payment.paidAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {m.earningsToBePaid}
        </Title>
        {figures.accrued.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.earningsNothingAccrued}
          </Text>
        ) : (
          <Table aria-label={m.earningsToBePaid} fz="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.earningsEarnedFor}</Table.Th>
                <Table.Th>{m.earningsAmount}</Table.Th>
                <Table.Th>{m.earningsPaymentDue}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.accrued.map((row) => (
                <Table.Tr key={`${row.date}-${row.token}-${row.month}`}>
                  <Table.Td>{formatMonth(row.month)}</Table.Td>
                  <Table.Td>
                    <Amount wei={BigInt(row.token)} />
                  </Table.Td>
                  <Table.Td>
                    {formatDate(row.paymentDue)}, <Countdown date={row.paymentDue} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </SimpleGrid>
  );
}

/** The four figures of a set of earnings: stake, paid, accrued with its next payment, realised yield. */
function FigureCards({ figures }: { figures: Figures }) {
  const last = figures.payments[0];
  return (
    <StatGrid>
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
          <>
            {m.earningsNextPayment} {formatDate(figures.nextPayment)}, <Countdown date={figures.nextPayment} />
          </>
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
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
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
                <SimpleGrid cols={2} spacing="xs" mt="xs">
                  <Text size="sm">
                    {m.earningsStake}: <Amount wei={BigInt(node.stake)} />
                  </Text>
                  <Text size="sm">
                    {m.earningsAccrued}: <Amount wei={BigInt(node.accruedTotal)} />
                  </Text>
                  <Text size="sm">
                    {m.earningsPaidLastYear}: <Amount wei={BigInt(node.paidLastYear)} />
                  </Text>
                  <Text size="sm">
                    {m.earningsYield}: {yieldShown(node).value}
                  </Text>
                </SimpleGrid>
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
