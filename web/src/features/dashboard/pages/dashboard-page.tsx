import { SimpleGrid, Stack } from "@mantine/core";
import { routes } from "@/shared/config/routes";
import { formatCount } from "@/shared/format";
import { formatDate } from "@/shared/format/dates";
import { useSession } from "@/shared/session/session-provider";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { useEarnings } from "../api/get-earnings";
import { useOperatorDashboard } from "../api/get-user-dashboard";
import { EarningsSection } from "../components/earnings-section";
import { IncentiveChart, StakeChart } from "../components/dashboard-charts";
import { FirstStepsPath } from "../components/first-steps";
import { IncentiveOverview } from "../components/incentive-overview";
import { UsdOverview } from "../components/usd-overview";
import { StoppedNodesAlert } from "../components/stopped-nodes-alert";
import { RecentIncentives, RecentTransactions } from "../components/recent-tables";

/**
 * The operator's dashboard (/dashboard, the landing page after sign-in): first, the nodes that stopped answering and,
 * until there is a stake, the way to a first stake (above the tiles, which stay empty until then), then 'Welcome' with
 * the short wallet (Logout is in the header), Total stakes and Last stake at from the chain, the incentive
 * overview, the earnings (per month, paid, to be paid, realised yield), charts of the stake over time and the incentives per month, and the recent stake events
 * and incentives.
 */
export function DashboardPage() {
  const { wallet } = useSession();
  const dashboard = useOperatorDashboard();
  const earnings = useEarnings();
  const data = dashboard.data;
  return (
    <Stack gap="md">
      {data ? <StoppedNodesAlert nodes={data.stoppedNodes} /> : null}
      {data ? <FirstStepsPath steps={data.firstSteps} /> : null}
      <Section title="Welcome">
        {wallet ? <Address value={wallet} /> : null}
        <StatGrid>
          <StatCard label="Total stakes" value={<Amount wei={data ? BigInt(data.tillStake) : undefined} fz="xl" />} />
          <StatCard label="Last stake at" value={data ? formatDate(data.lastStakedDate, "operatorDashboard") : "…"} />
          <StatCard label="Transactions" value={formatCount(data?.count.tnxCount)} />
          <StatCard label="Incentives" value={formatCount(data?.count.incentiveCount)} />
        </StatGrid>
      </Section>
      <IncentiveOverview perStatus={data?.incentiveListAll} seeAll={routes.listIncentive.href()} />
      <EarningsSection earnings={earnings.data} />
      <UsdOverview usd={data?.usd} />
      {data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <StakeChart title="Stake over time" data={data.charts.stake} />
          <IncentiveChart title="Incentives per month" data={data.charts.incentives} />
        </SimpleGrid>
      ) : null}
      <RecentTransactions
        rows={data?.transactionList}
        dateFormat="operatorDashboard"
        seeAll={routes.transactions.href()}
      />
      <RecentIncentives rows={data?.incentiveList} dateFormat="list" />
    </Stack>
  );
}
