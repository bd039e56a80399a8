import type { OperatorDashboard } from "@pli/api/public-contract";
import { Badge, Group, Text } from "@mantine/core";
import { formatDate, type DateFormat } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Amount, UsdAmount } from "@/shared/ui/amount";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { dashboardMessages as m } from "../messages";

/**
 * The dashboards' USD beside their PLI totals (from the network's price feed): paid this year at each payment's own
 * price, unpaid and staked at the latest price, which is marked Stale when the feed has not updated within the
 * configured age. Nothing without a feed.
 */
export function UsdOverview({
  usd,
  dateFormat = "operatorDashboard",
}: {
  usd: OperatorDashboard["usd"] | undefined;
  /** The dashboard's own date format (spec 9): the price's time reads like the page's other times. */
  dateFormat?: DateFormat;
}) {
  if (!usd) return null;
  const { latestPrice, paidThisYear } = usd;
  const atLatest = latestPrice ? m.usdAtLatest(latestPrice.usdPerPli) : m.usdNoPrice;
  return (
    <Section
      title={m.usdTitle}
      actions={
        latestPrice ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {m.usdPrice(latestPrice.usdPerPli, formatDate(latestPrice.updatedAt, dateFormat))}
            </Text>
            {latestPrice.stale ? (
              <Badge variant="light" color={TONE_COLORS.warning} title={m.usdStaleBody}>
                {m.usdStale}
              </Badge>
            ) : null}
          </Group>
        ) : null
      }
    >
      {latestPrice?.stale ? (
        <Text size="sm" c={TONE_COLORS.warning}>
          {m.usdStaleBody}
        </Text>
      ) : null}
      <StatGrid cols={3}>
        <StatCard
          label={m.usdPaidThisYear(paidThisYear.year)}
          value={<UsdAmount usd={paidThisYear.usd} fz="xl" />}
          detail={
            <>
              <Amount wei={BigInt(paidThisYear.token)} /> {m.usdPaidDetail}
              {paidThisYear.unpriced > 0 ? ` (${m.usdUnpriced(paidThisYear.unpriced)})` : ""}
            </>
          }
        />
        <StatCard
          label={m.usdUnpaid}
          value={usd.unpaid === null ? "-" : <UsdAmount usd={usd.unpaid} fz="xl" />}
          detail={latestPrice?.stale ? `${atLatest} (${m.usdStale})` : atLatest}
        />
        <StatCard
          label={m.usdStaked}
          value={usd.staked === null ? "-" : <UsdAmount usd={usd.staked} fz="xl" />}
          detail={latestPrice?.stale ? `${atLatest} (${m.usdStale})` : atLatest}
        />
      </StatGrid>
    </Section>
  );
}
