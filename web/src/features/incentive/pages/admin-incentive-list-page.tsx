import type { IncentiveResponse } from "@pli/api/public-contract";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { TxProgress } from "@/chain/tx-progress";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { useStatusListParams } from "@/shared/lists/list-params";
import { Amount } from "@/shared/ui/amount";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { StatusChips } from "@/shared/ui/status-chips";
import { Section } from "@/shared/ui/section";
import { IncentiveExports } from "../components/incentive-exports";
import { useIncentiveSummary } from "../api/get-incentive-summary";
import { useIncentives } from "../api/get-incentives";
import { useIncentiveStatusCounts } from "../api/get-incentive-status-counts";
import { DepositButton, useDepositDialog } from "../components/deposit-button";
import { DiscrepanciesSection } from "../components/discrepancies-section";
import { incentiveColumns } from "../components/incentive-columns";
import { IncentiveSummaryCards } from "../components/incentive-summary-cards";
import { PayoutSummary } from "../components/payout-summary";
import { selectColumn } from "../components/select-column";
import { usePayout } from "../components/use-payout";
import { useIncentiveSelection } from "../components/use-selection";
import { incentiveMessages } from "../messages";

/**
 * The admin's incentive list (/admin/listincentive): the cards (all, paid, unpaid, the reward pool),
 * payments that disagree with the incentives, every operator's incentives searched by status and
 * paged, 'Deposit PLI', 'Export CSV', and 'Pay Now' for the UnPaid rows ticked (shown only then), which shows the
 * payout's summary (and a deposit of any shortfall) before the typed confirmation.
 */
export function AdminIncentiveListPage() {
  const params = useStatusListParams();
  const list = useIncentives(params);
  const summary = useIncentiveSummary();
  const counts = useIncentiveStatusCounts();
  const rows = list.data?.docs ?? [];
  const selection = useIncentiveSelection(rows);
  const payout = usePayout();
  const paying = payout.flow.state.status === "running";

  const listColumns = useMemo(() => incentiveColumns({ admin: true }), []);
  const columns: Column<IncentiveResponse>[] = [
    selectColumn(selection),
    ...listColumns,
    {
      id: "action",
      header: "Action",
      meta: { card: "action" },
      cell: ({ row }) => (
        <Button
          component={Link}
          to={routes.adminEditIncentive.href(row.original._id)}
          size="xs"
          variant="default"
          aria-label={incentiveMessages.viewIncentiveOf(
            formatDate(row.original.date),
            row.original.nodeName || row.original.nodeAddress,
          )}
        >
          {incentiveMessages.viewIncentive}
        </Button>
      ),
    },
  ];

  const [summaryOpen, setSummaryOpen] = useState(false);
  const depositDialog = useDepositDialog();
  const rewardBalance = summary.data ? BigInt(summary.data.rewardBalance) : undefined;

  const onPay = async () => {
    setSummaryOpen(false);
    if (await payout.pay(selection.selected, rewardBalance)) selection.clear();
  };
  const onDepositShortfall = (shortfall: bigint) => {
    setSummaryOpen(false);
    depositDialog.open(shortfall, () => setSummaryOpen(true));
  };

  return (
    <Stack gap="md">
      <IncentiveSummaryCards summary={summary.data} />
      <DiscrepanciesSection count={summary.data?.discrepancies ?? 0} />
      <Section
        title={incentiveMessages.listTitle}
        description={incentiveMessages.listTotal(list.data?.totalDocs ?? 0)}
        actions={
          <>
            <DepositButton dialog={depositDialog} />
            <IncentiveExports q={params.q} status={params.status} />
          </>
        }
      >
        <TxProgress state={payout.flow.state} explorerTxUrl={payout.flow.explorerTxUrl} onClose={payout.flow.reset} />
        <PayoutSummary
          opened={summaryOpen && selection.selected.length > 0}
          rows={selection.selected}
          pool={rewardBalance}
          onClose={() => setSummaryOpen(false)}
          onContinue={() => void onPay()}
          onDeposit={onDepositShortfall}
        />
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="sm" align="center" wrap="wrap">
              <SearchBox placeholder={incentiveMessages.searchByStatus} />
              <StatusChips
                label={incentiveMessages.statusChips}
                counts={counts.data?.counts}
                name={incentiveMessages.statusChip}
              />
            </Group>
            {selection.selected.length > 0 ? (
              <Group gap="sm" wrap="wrap">
                <Text size="sm" aria-live="polite">
                  {incentiveMessages.selected(selection.selected.length)},{" "}
                  <Amount wei={selection.total} size="sm" fw={700} />
                </Text>
                <Button
                  leftSection={<IconSend size={16} aria-hidden="true" />}
                  onClick={() => setSummaryOpen(true)}
                  loading={paying}
                >
                  {incentiveMessages.payNow}
                </Button>
              </Group>
            ) : null}
          </Group>
          <DataTable
            columns={columns}
            data={rows}
            loading={list.isPending}
            getRowId={(row) => row._id}
            caption={incentiveMessages.listTitle}
            wrap
          />
          <Pager
            page={params.page}
            totalPages={list.data?.totalPages ?? 1}
            onPage={(page) => params.update({ page })}
          />
        </Stack>
      </Section>
    </Stack>
  );
}
