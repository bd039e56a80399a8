import { MESSAGES, type StakeEventResponse } from "@pli/api/contract";
import { Button, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { getAddress } from "viem";
import { ExplorerTx } from "@/chain/explorer-links";
import { TxProgress } from "@/chain/tx-progress";
import { errorMessage } from "@/shared/api/http";
import { useListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useToast } from "@/shared/ui/toast";
import { exportTransactions } from "../api/export-transactions";
import { useTransactions } from "../api/get-transactions";
import { stakingKeys } from "../api/keys";
import { sendWithdrawHint } from "../api/send-withdraw-hint";
import { useWithdrawTx } from "../components/withdraw-tx";
import { stakingMessages } from "../messages";
import { EVENT_KIND_LABELS, withdrawRows } from "../staking-display";

/**
 * 'Transaction Lists' (/transactions): the operator's stake events as the indexed chain shows them,
 * searchable by hash, paged, exported whole as CSV; an unlocked position is withdrawn from here
 * (unstake from the wallet, then the hash is handed to the API as a hint).
 */
export function TransactionsPage() {
  const params = useListParams();
  const list = useTransactions(params);
  const withdraw = useWithdrawTx();
  const queryClient = useQueryClient();
  const toast = useToast();

  const onWithdraw = async (row: StakeEventResponse) => {
    const receipt = await withdraw.send(row).catch(() => null);
    if (!receipt) return;
    await sendWithdrawHint(row.stakeId, receipt.transactionHash).then(
      (result) => toast.success(result.message ?? MESSAGES.tokenWithdrawn),
      (error: unknown) => toast.error(errorMessage(error)),
    );
    await queryClient.invalidateQueries({ queryKey: stakingKeys.all });
  };

  const rows = list.data?.docs ?? [];
  const offered = withdrawRows(rows);
  const running = withdraw.flow.state.status === "running";
  const columns: Column<StakeEventResponse>[] = [
    { id: "wallet", header: "Wallet Address", cell: ({ row }) => <Address value={row.original.walletAddress} /> },
    { id: "node", header: "Node Address", cell: ({ row }) => <Address value={row.original.nodeAddress} /> },
    { id: "hash", header: "Txn Hash", cell: ({ row }) => <ExplorerTx hash={row.original.tnxHash} /> },
    { id: "kind", header: "Type", cell: ({ row }) => <Text size="sm">{EVENT_KIND_LABELS[row.original.kind]}</Text> },
    { id: "amount", header: "Total Stake", cell: ({ row }) => <Amount wei={BigInt(row.original.totalStake)} size="sm" /> },
    { id: "status", header: "Status", cell: ({ row }) => (row.original.status ? <StatusBadge entity="stake" status={row.original.status} /> : <Text size="sm">-</Text>) },
    {
      id: "action",
      header: "Action",
      cell: ({ row }) =>
        offered.has(row.original._id) ? (
          <Button size="xs" color="red" variant="light" onClick={() => void onWithdraw(row.original)} disabled={running} aria-label={`Withdraw the stake on ${getAddress(row.original.nodeAddress)}`}>
            {stakingMessages.withdraw}
          </Button>
        ) : (
          <Text size="sm">-</Text>
        ),
    },
  ];
  return (
    <Section
      title={stakingMessages.transactionsTitle}
      description={stakingMessages.transactionsTotal(list.data?.totalDocs ?? 0)}
      actions={<ExportCsvButton download={() => exportTransactions(params.q)} />}
    >
      <TxProgress state={withdraw.flow.state} explorerTxUrl={withdraw.flow.explorerTxUrl} onClose={withdraw.flow.reset} />
      <Stack gap="md">
        <SearchBox placeholder={stakingMessages.searchByHash} />
        <DataTable columns={columns} data={rows} loading={list.isPending} getRowId={(row) => row._id} caption={stakingMessages.transactionsTitle} minWidth={1000} />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
      </Stack>
    </Section>
  );
}
