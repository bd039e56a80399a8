import type { StakeEventResponse } from "@pli/api/public-contract";
import { Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { ExplorerTx } from "@/chain/explorer-links";
import { useWithdraw, WithdrawButton, WithdrawProgress } from "@/chain/withdraw";
import { useListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { DataTable, noValue, type Column } from "@/shared/ui/data-table";
import { routes } from "@/shared/config/routes";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { ExportRangePicker, useExportRange } from "@/shared/ui/export-range";
import { NextStep } from "@/shared/ui/next-step";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { exportTransactions } from "../api/export-transactions";
import { useTransactions } from "../api/get-transactions";
import { stakingMessages } from "../messages";
import { EventAmount } from "../components/event-amount";
import { EVENT_KIND_LABELS, withdrawRows } from "../staking-display";

/**
 * 'Transaction Lists' (/transactions): the operator's stake events as the indexed chain shows them,
 * searchable by hash, paged, exported whole as CSV; an unlocked position is withdrawn from here
 * (unstake from the wallet, then the hash is handed to the API as a hint).
 */
export function TransactionsPage() {
  const params = useListParams();
  const [range, setRange] = useExportRange();
  const list = useTransactions(params);
  const { withdraw, flow, running } = useWithdraw();

  const rows = list.data?.docs ?? [];
  const offered = withdrawRows(rows);
  const columns: Column<StakeEventResponse>[] = [
    { id: "wallet", header: "Wallet Address", cell: ({ row }) => <Address value={row.original.walletAddress} /> },
    {
      id: "node",
      header: "Node Address",
      meta: { card: "title" },
      cell: ({ row }) => <Address value={row.original.nodeAddress} />,
    },
    { id: "hash", header: "Txn Hash", cell: ({ row }) => <ExplorerTx hash={row.original.tnxHash} /> },
    {
      id: "kind",
      header: "Type",
      meta: { card: "title" },
      cell: ({ row }) => <Text size="sm">{EVENT_KIND_LABELS[row.original.kind]}</Text>,
    },
    {
      id: "amount",
      header: "Total Stake",
      meta: { card: "amount" },
      cell: ({ row }) => <EventAmount event={row.original} />,
    },
    {
      id: "status",
      header: "Status",
      meta: { card: "status" },
      cell: ({ row }) =>
        row.original.status ? <StatusBadge entity="stake" status={row.original.status} /> : <Text size="sm">-</Text>,
    },
    {
      id: "action",
      header: "Action",
      meta: { card: "action" },
      cell: ({ row }) =>
        offered.has(row.original._id) ? (
          <WithdrawButton target={row.original} withdraw={withdraw} disabled={running} />
        ) : (
          noValue
        ),
    },
  ];
  return (
    <Section
      title={stakingMessages.transactionsTitle}
      description={stakingMessages.transactionsTotal(list.data?.totalDocs ?? 0)}
      actions={
        <>
          <ExportRangePicker value={range} onChange={setRange} />
          <ExportCsvButton download={() => exportTransactions(params.q, range)} />
        </>
      }
    >
      <WithdrawProgress flow={flow} />
      <Stack gap="md">
        <SearchBox placeholder={stakingMessages.searchByHash} />
        <DataTable
          columns={columns}
          data={rows}
          loading={list.isPending}
          getRowId={(row) => row._id}
          caption={stakingMessages.transactionsTitle}
          minWidth={1000}
          nextStep={
            params.q ? undefined : (
              <NextStep
                action={
                  <Button component={Link} to={routes.listNode.href()} variant="default" size="sm">
                    My Nodes
                  </Button>
                }
              >
                {stakingMessages.transactionsEmptyNext}
              </NextStep>
            )
          }
        />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
      </Stack>
    </Section>
  );
}
