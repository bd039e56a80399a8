import type { OperatorDashboard } from "@pli/api/public-contract";
import { Anchor } from "@mantine/core";
import { Link } from "react-router-dom";
import { Amount } from "@/shared/ui/amount";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { incentiveOverview } from "../dashboard-display";
import { formatCount } from "@/shared/format";

const incentivesOf = (count: number) => `${formatCount(count)} incentive${count === 1 ? "" : "s"}`;

/** Spec 2's incentive overview: total, paid and unpaid PLI (and how many), with 'See All' to the incentive list. */
export function IncentiveOverview({
  perStatus,
  seeAll,
}: {
  perStatus: OperatorDashboard["incentiveListAll"] | undefined;
  seeAll: string;
}) {
  const overview = perStatus ? incentiveOverview(perStatus) : undefined;
  const card = (label: string, total: keyof NonNullable<typeof overview>) => (
    <StatCard
      label={label}
      value={<Amount wei={overview?.[total].token} fz="xl" />}
      detail={overview ? incentivesOf(overview[total].count) : "…"}
    />
  );
  return (
    <Section
      title="Incentive Overview"
      actions={
        <Anchor component={Link} to={seeAll} size="sm" aria-label="See All Incentives">
          See All
        </Anchor>
      }
    >
      <StatGrid cols={3}>
        {card("Total", "total")}
        {card("Paid", "paid")}
        {card("UnPaid", "unPaid")}
      </StatGrid>
    </Section>
  );
}
