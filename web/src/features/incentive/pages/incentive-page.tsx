import { INCENTIVE_STATUS } from "@pli/api/public-contract";
import { Stack, Text } from "@mantine/core";
import { Navigate, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { ExplorerTx } from "@/chain/explorer-links";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Countdown } from "@/shared/ui/countdown";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useIncentive } from "../api/get-incentive";
import { earnedMonth } from "../incentive-display";
import { incentiveMessages as m } from "../messages";

const isId = (value: string | null): value is string => z.uuid().safeParse(value).success;

/**
 * The operator's own incentive (/incentive?id=): the month it was earned for, how it accrued (days staked, days
 * inactive, the month's percentage), and its payment: when paid, the amount, date and transaction; until then the
 * date it is due with a countdown. Another operator's incentive is not found.
 */
export function IncentivePage() {
  const [search] = useSearchParams();
  const raw = search.get("id");
  const id = isId(raw) ? raw : null;
  const incentive = useIncentive(id);
  if (!id) return <Navigate to={routes.listIncentive.href()} replace />;
  if (incentive.isPending) return <RecordLoading />;
  if (!incentive.data) return <RecordLoadFailed error={incentive.error} />;
  const row = incentive.data;
  const paid = row.status === INCENTIVE_STATUS.paid;
  const dueGone = Date.parse(`${row.paymentDue}T00:00:00Z`) <= Date.now();

  return (
    <Stack gap="md">
      <Section
        title={m.pageTitle(earnedMonth(row.date))}
        actions={<StatusBadge entity="incentive" status={row.status} />}
      >
        <DetailGrid>
          <Detail label="Node Name">{plainValue(row.nodeName)}</Detail>
          <Detail label="Node Address">
            <Address value={row.nodeAddress} />
          </Detail>
          <Detail label="Token">
            <Amount wei={BigInt(row.token)} size="sm" />
          </Detail>
          <Detail label="Date">{plainValue(formatDate(row.date))}</Detail>
        </DetailGrid>
      </Section>
      <Section title={m.accrualTitle} description={m.accrualDescription}>
        <DetailGrid>
          <Detail label={m.stakedDays}>{plainValue(row.stakedDays)}</Detail>
          <Detail label={m.inactiveDays}>{plainValue(row.inactiveCount)}</Detail>
          <Detail label={m.earningDays}>{plainValue(row.accruedDays)}</Detail>
          <Detail label={m.percentageLabel}>{plainValue(`${row.percentage}%`)}</Detail>
        </DetailGrid>
      </Section>
      <Section title={m.paymentTitle}>
        {paid ? (
          <DetailGrid>
            <Detail label={m.paidAmount}>
              <Amount wei={BigInt(row.paidAmount ?? row.token)} size="sm" />
            </Detail>
            <Detail label={m.paidOn}>{plainValue(formatDate(row.paidDate, "operatorDashboard"))}</Detail>
            <Detail label={m.paymentTx}>{row.tnxHash ? <ExplorerTx hash={row.tnxHash} /> : plainValue("")}</Detail>
          </DetailGrid>
        ) : (
          <DetailGrid>
            <Detail label={m.paymentDue}>
              <Text size="sm">
                {formatDate(row.paymentDue)}, {dueGone ? m.paymentWaiting : <Countdown date={row.paymentDue} />}
              </Text>
            </Detail>
          </DetailGrid>
        )}
      </Section>
    </Stack>
  );
}
