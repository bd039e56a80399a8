import type { StakeResponse } from "@pli/api/public-contract";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { UncheckedSection } from "@/chain/unchecked/unchecked-section";
import { routes } from "@/shared/config/routes";
import { useListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { ExportRangePicker, useExportRange } from "@/shared/ui/export-range";
import { OperatorCell } from "@/shared/ui/operator-cell";
import { PagedTable } from "@/shared/ui/paged-table";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { exportTransactions } from "../api/export-transactions";
import { useStakes } from "../api/get-stakes";
import { HistoryModal } from "../components/history-modal";
import { UnlockButton } from "../components/unlock-button";
import { stakingMessages } from "../messages";
import { stakeMessages } from "../stake-display";

const nameOf = (stake: StakeResponse) => stake.nodesetting.name || stake.nodeAddress;

function Node({ stake }: { stake: StakeResponse }) {
  return (
    <Stack gap={2}>
      {stake.nodesetting.name ? (
        <Text size="sm" fw={600}>
          {stake.nodesetting.name}
        </Text>
      ) : null}
      <Address value={stake.nodeAddress} />
    </Stack>
  );
}

/**
 * 'Stake Lists': every stake position on the chain, searched and paged, with its transaction history and Unlock (spec
 * section 2), then the chain activity the contract does not check.
 */
export function AdminStakeListPage() {
  const params = useListParams();
  const list = useStakes(params);
  const [history, setHistory] = useState<StakeResponse | null>(null);
  const [range, setRange] = useExportRange();

  const columns: Column<StakeResponse>[] = [
    {
      id: "owner",
      meta: { card: "title" },
      header: "Email / Wallet Address",
      cell: ({ row }) => <OperatorCell email={row.original.user.email} wallet={row.original.walletAddress} />,
    },
    { id: "node", meta: { card: "title" }, header: "Node", cell: ({ row }) => <Node stake={row.original} /> },
    {
      id: "total",
      meta: { card: "amount" },
      header: "Total Stake",
      cell: ({ row }) => (
        <Stack gap={4} align="flex-start">
          <Amount wei={BigInt(row.original.totalStake)} size="sm" />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setHistory(row.original)}
            aria-label={`${stakeMessages.historyTitle} of ${nameOf(row.original)}`}
          >
            {stakeMessages.historyTitle}
          </Anchor>
        </Stack>
      ),
    },
    {
      id: "status",
      meta: { card: "status" },
      header: "Status",
      cell: ({ row }) => <StatusBadge entity="stake" status={row.original.status} />,
    },
    { id: "date", header: "Date", cell: ({ row }) => <DateCell value={row.original.date} /> },
    { id: "lastStaked", header: "Last Staked At", cell: ({ row }) => <DateCell value={row.original.lastStakedAt} /> },
    {
      id: "actions",
      meta: { card: "action" },
      header: "Actions",
      cell: ({ row }) => (
        <Stack gap={6} align="flex-start">
          <Button
            component={Link}
            to={routes.adminEditStake.href(row.original._id)}
            size="xs"
            variant="default"
            aria-label={`View the stake on ${nameOf(row.original)}`}
          >
            View
          </Button>
          <UnlockButton stake={row.original} />
        </Stack>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Section>
        <PagedTable
          list={list}
          totalLabel="Total Stakes"
          searchPlaceholder="Search by Email, Wallet or Node"
          tools={
            <>
              <ExportRangePicker value={range} onChange={setRange} />
              <ExportCsvButton
                label={stakingMessages.exportTransactions}
                download={() => exportTransactions("", range)}
              />
            </>
          }
          columns={columns}
          getRowId={(row) => row._id}
          caption="Stakes"
          minWidth={960}
          wrap
        />
        <HistoryModal stake={history} onClose={() => setHistory(null)} />
      </Section>
      <UncheckedSection />
    </Stack>
  );
}
