import { MESSAGES, UNCHECKED_KIND_LABELS, UNCHECKED_KINDS } from "@pli/api/public-contract";
import { SimpleGrid, Stack } from "@mantine/core";
import { UNCHECKED_ANCHOR } from "@/chain/unchecked/unchecked-section";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { Amount } from "@/shared/ui/amount";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { useAdminDashboard } from "../api/get-admin-dashboard";
import { PayoutChart, StakeChart } from "../components/dashboard-charts";
import { IncentiveOverview } from "../components/incentive-overview";
import { NeedsActionSection } from "../components/needs-action";
import { UsdOverview } from "../components/usd-overview";
import { RecentIncentives, RecentTransactions } from "../components/recent-tables";
import { formatCount } from "@/shared/format";

/** Count cards two to a row on a phone, where one to a row made the page four screens long. */
const countCols = (laptop: number) => ({ base: 2, md: laptop });

/**
 * The admin dashboard (/admin/dashboard): what needs action first (issue 44), then Overview, Staked Overview, Incentive Overview and Nodes
 * Overview with spec 3's counts (the overview, stake and node cards lead to /admin/listrequest), the
 * counts of chain activity the contract does not check (leading to the stake list, which lists it), charts
 * of the total stake and the payouts over time, and the recent stake events and incentives.
 */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  const requests = routes.adminListStakeRequest.href();
  return (
    <Stack gap="md">
      <NeedsActionSection />
      <Section title="Overview">
        <StatGrid cols={countCols(4)}>
          <StatCard label="Requests" value={formatCount(data?.count.requestCount)} to={requests} />
          <StatCard label="Operators" value={formatCount(data?.count.userCount)} to={requests} />
          <StatCard label="Transactions" value={formatCount(data?.count.tnxCount)} to={requests} />
          <StatCard label="Incentives" value={formatCount(data?.count.incentiveCount)} to={requests} />
        </StatGrid>
      </Section>
      <Section title="Staked Overview">
        <StatGrid cols={2}>
          <StatCard
            label="Total Staked"
            value={<Amount wei={data ? BigInt(data.tillStake) : undefined} fz="xl" />}
            to={requests}
          />
          <StatCard
            label="Last Staked At"
            value={data ? formatDate(data.lastStakedDate, "adminDashboard") : "…"}
            to={requests}
          />
        </StatGrid>
      </Section>
      <IncentiveOverview perStatus={data?.incentiveListAll} seeAll={routes.adminListIncentive.href()} />
      <UsdOverview usd={data?.usd} dateFormat="adminDashboard" />
      <Section title="Nodes Overview">
        <StatGrid cols={countCols(3)}>
          <StatCard label="Total Nodes" value={formatCount(data?.count.totalNodeCount)} to={requests} />
          <StatCard label="Active Nodes" value={formatCount(data?.count.activeNodeCount)} to={requests} />
          <StatCard label="De-Active Nodes" value={formatCount(data?.count.inactiveNodeCount)} to={requests} />
        </StatGrid>
      </Section>
      <Section title={MESSAGES.uncheckedTitle}>
        <StatGrid cols={countCols(3)}>
          {UNCHECKED_KINDS.map((kind) => (
            <StatCard
              key={kind}
              label={UNCHECKED_KIND_LABELS[kind]}
              value={formatCount(data?.unchecked[kind])}
              to={`${routes.adminListStake.href()}#${UNCHECKED_ANCHOR}`}
            />
          ))}
        </StatGrid>
      </Section>
      {data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <StakeChart title="Total stake over time" data={data.charts.stake} />
          <PayoutChart title="Payouts over time" data={data.charts.payouts} />
        </SimpleGrid>
      ) : null}
      <RecentTransactions
        rows={data?.transactionList}
        dateFormat="adminDashboard"
        seeAll={routes.adminListStake.href()}
      />
      <RecentIncentives rows={data?.incentiveList} dateFormat="adminDashboardDay" />
    </Stack>
  );
}
