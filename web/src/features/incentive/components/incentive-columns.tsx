import { NEXT_PAYMENT_PAST, type IncentiveResponse } from "@pli/api/public-contract";
import { Stack, Text } from "@mantine/core";
import { ExplorerTx } from "@/chain/explorer-links";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { formatTokenExact } from "@/shared/format";
import { Amount } from "@/shared/ui/amount";
import type { Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { StatusBadge } from "@/shared/ui/status-badge";
import { earnedMonth } from "../incentive-display";
import { incentiveMessages } from "../messages";

/**
 * Spec 2 and 9: the row's date plus 30 days, '~' once that is past, as the API computed it by its own clock (the
 * browser's clock may be wrong).
 */
export function NextPayment({ next }: { next: string }) {
  return <Text size="sm">{next === NEXT_PAYMENT_PAST ? NEXT_PAYMENT_PAST : formatDate(next)}</Text>;
}

function StakeNo({ row }: { row: IncentiveResponse }) {
  return (
    <Stack gap={2}>
      {row.nodeName ? (
        <Text size="sm" fw={600}>
          {row.nodeName}
        </Text>
      ) : null}
      <Address value={row.nodeAddress} />
      <Text size="xs" c="dimmed">
        {incentiveMessages.earnedFor(earnedMonth(row.date))}
      </Text>
    </Stack>
  );
}

/**
 * The token: for a Paid row what the chain paid, the amount the wallet received. When that differs from the accrued
 * token, both show to the last decimal (a rounding could hide the difference), the accrued one under it: a warning for
 * an admin, a note for the operator.
 */
function Token({ row, admin }: { row: IncentiveResponse; admin: boolean }) {
  const accruedOther = row.amountMismatch ? BigInt(row.token) : null;
  return (
    <Stack gap={2}>
      <Amount wei={BigInt(row.paidAmount ?? row.token)} size="sm" exact={accruedOther !== null} />
      {accruedOther !== null ? (
        <Text size="xs" c={admin ? "var(--mantine-color-error)" : "dimmed"}>
          {incentiveMessages.accruedOther(formatTokenExact(accruedOther))}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The columns of spec 2's incentive list, the same for the operator and the admin: Stake No (the
 * node of the stake position), Status, Token, InActive Days, Type (with the month's date), Wallet
 * Address, View Txn, Paid Date, Next Payment Date, Created At. A payment of another amount than the accrued token shows both. On a
 * laptop the secondary ones show, labelled, under the value they belong with (the wallet under the node, the month
 * under the token, the days inactive under the status, the dates together), so the list fits without scrolling
 * sideways.
 */
export function incentiveColumns({ admin = false }: { admin?: boolean } = {}): Column<IncentiveResponse>[] {
  return [
    { id: "stakeNo", header: "Stake No", meta: { card: "title" }, cell: ({ row }) => <StakeNo row={row.original} /> },
    {
      id: "status",
      header: "Status",
      meta: { card: "status" },
      cell: ({ row }) => <StatusBadge entity="incentive" status={row.original.status} />,
    },
    {
      id: "token",
      header: "Token",
      meta: { card: "amount" },
      cell: ({ row }) => <Token row={row.original} admin={admin} />,
    },
    {
      id: "inactive",
      header: "InActive Days",
      meta: { under: "status" },
      cell: ({ row }) => row.original.inactiveCount,
    },
    {
      id: "type",
      header: "Type",
      meta: { under: "token" },
      cell: ({ row }) => (
        <Stack gap={2}>
          <Text size="sm">{row.original.type}</Text>
          <Text size="xs" c="dimmed">
            <DateCell value={row.original.date} size="xs" c="dimmed" /> ({earnedMonth(row.original.date)})
          </Text>
        </Stack>
      ),
    },
    {
      id: "wallet",
      header: "Wallet Address",
      meta: { under: "stakeNo" },
      cell: ({ row }) => <Address value={row.original.walletAddress} />,
    },
    {
      id: "txn",
      header: "View Txn",
      cell: ({ row }) => (row.original.tnxHash ? <ExplorerTx hash={row.original.tnxHash} linkOnly /> : "-"),
    },
    { id: "paidDate", header: "Paid Date", cell: ({ row }) => <DateCell value={row.original.paidDate} /> },
    {
      id: "next",
      header: "Next Payment Date",
      meta: { under: "paidDate" },
      cell: ({ row }) => <NextPayment next={row.original.nextPaymentDate} />,
    },
    {
      id: "created",
      header: "Created At",
      meta: { under: "paidDate" },
      cell: ({ row }) => <DateCell value={row.original.createdAt} />,
    },
  ];
}
