import type { Discrepancy } from "@pli/api/public-contract";
import { Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ExplorerTx } from "@/chain/explorer-links";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Alert } from "@/shared/ui/alert";
import { Amount } from "@/shared/ui/amount";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { Pager } from "@/shared/ui/pager";
import { Section } from "@/shared/ui/section";
import { useDiscrepancies } from "../api/get-discrepancies";
import { incentiveMessages } from "../messages";

const KIND_LABELS: Record<Discrepancy["kind"], string> = { amount: "Another amount", unmatched: "No such incentive" };

/** On a laptop the dates show, labelled, under the kind and the transaction, so that both amounts keep every digit. */
const columns: Column<Discrepancy>[] = [
  { id: "kind", meta: { card: "title" }, header: "Kind", cell: ({ row }) => KIND_LABELS[row.original.kind] },
  {
    id: "wallet",
    header: "Wallet Address",
    meta: { under: "node" },
    cell: ({ row }) => <Address value={row.original.walletAddress} />,
  },
  {
    id: "node",
    meta: { card: "title" },
    header: "Node Address",
    cell: ({ row }) => <Address value={row.original.nodeAddress} />,
  },
  { id: "date", header: "Date", meta: { under: "kind" }, cell: ({ row }) => formatDate(row.original.date) },
  {
    id: "expected",
    meta: { card: "amount" },
    header: "Incentive",
    cell: ({ row }) =>
      row.original.expected === null ? "-" : <Amount wei={BigInt(row.original.expected)} size="sm" exact />,
  },
  {
    id: "paid",
    meta: { card: "amount" },
    header: "Paid",
    cell: ({ row }) => <Amount wei={BigInt(row.original.paid)} size="sm" exact />,
  },
  { id: "txn", header: "View Txn", cell: ({ row }) => <ExplorerTx hash={row.original.tnxHash} /> },
  {
    id: "paidDate",
    header: "Paid Date",
    meta: { under: "txn" },
    cell: ({ row }) => formatDate(row.original.paidDate),
  },
];

/**
 * Payments the chain made that disagree with the incentives, shown to admins only while there are some: never taken as
 * a row's payment.
 */
export function DiscrepanciesSection({ count }: { count: number }) {
  const [page, setPage] = useState(1);
  const list = useDiscrepancies(page, count > 0);
  if (count === 0) return null;
  return (
    <Section title={incentiveMessages.discrepanciesTitle}>
      <Stack gap="md">
        <Alert tone="warning" title={`${count} payment${count === 1 ? "" : "s"}`}>
          <Text size="sm">{incentiveMessages.discrepanciesText}</Text>
        </Alert>
        <DataTable
          columns={columns}
          data={list.data?.docs ?? []}
          loading={list.isPending}
          getRowId={(row) => `${row.tnxHash}-${row.walletAddress}-${row.nodeAddress}-${row.dateKey}`}
          caption={incentiveMessages.discrepanciesTitle}
          wrap
        />
        <Pager page={page} totalPages={list.data?.totalPages ?? 1} onPage={setPage} />
      </Stack>
    </Section>
  );
}
