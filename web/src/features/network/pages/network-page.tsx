import "@/shared/theme/all-styles";
import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { errorMessage } from "@/shared/api/http";
import { routes } from "@/shared/config/routes";
import { Alert } from "@/shared/ui/alert";
import { Amount } from "@/shared/ui/amount";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { useNetwork } from "../api/get-network";
import { LeaderboardTable } from "../components/leaderboard-table";
import { networkMessages } from "../messages";
import { CHART_HEIGHT } from "../network-display";
import { formatCount } from "@/shared/format";

const PayoutsChart = lazy(() => import("../components/payouts-chart"));

/**
 * The public network page (/network, no sign-in): total staked, active nodes and the reward pool, the payouts per
 * month and the node leaderboard. Nothing personal: a node shows its name only where its operator chose to.
 */
export function NetworkPage() {
  const network = useNetwork();
  const data = network.data;
  const ranked = (data?.leaderboard ?? []).filter((node) => node.reputation !== null);
  const fresh = (data?.leaderboard ?? []).filter((node) => node.reputation === null);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{routes.network.title}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {networkMessages.intro}
        </Text>
      </div>
      {network.isError ? <Alert tone="error" title={errorMessage(network.error)} /> : null}
      <StatGrid cols={3}>
        <StatCard
          label={networkMessages.totalStaked}
          value={<Amount wei={data ? BigInt(data.totalStaked) : undefined} fz="xl" />}
        />
        <StatCard label={networkMessages.activeNodes} value={formatCount(data?.activeNodes)} />
        <StatCard
          label={networkMessages.rewardPool}
          value={<Amount wei={data ? BigInt(data.rewardPool) : undefined} fz="xl" />}
        />
      </StatGrid>
      <Section title={networkMessages.leaderboardTitle} description={networkMessages.leaderboardDescription}>
        <LeaderboardTable rows={ranked} loading={network.isPending} />
      </Section>
      {fresh.length > 0 ? (
        <Section title={networkMessages.newNodesTitle} description={networkMessages.newNodesDescription}>
          <LeaderboardTable rows={fresh} loading={false} ranked={false} />
        </Section>
      ) : null}
      <Section title={networkMessages.payoutsTitle}>
        {data ? (
          <Suspense fallback={<Skeleton h={CHART_HEIGHT} />}>
            <PayoutsChart data={data.payouts} />
          </Suspense>
        ) : (
          <Skeleton h={CHART_HEIGHT} />
        )}
      </Section>
    </Stack>
  );
}
