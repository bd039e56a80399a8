import type { OperatorDashboard } from "@pli/api/public-contract";
import { Anchor } from "@mantine/core";
import { Link } from "react-router-dom";
import type { DateFormat } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";

type Transaction = OperatorDashboard["transactionList"][number];
type Incentive = OperatorDashboard["incentiveList"][number];

interface RecentProps<T> {
  rows: T[] | undefined;
  dateFormat: DateFormat;
  /** The full list ('See All'), when the page has no other link to it. */
  seeAll?: string;
}

const seeAllLink = (to: string | undefined, what: string) =>
  to ? (
    <Anchor component={Link} to={to} size="sm" aria-label={`See All ${what}`}>
      See All
    </Anchor>
  ) : undefined;

/** The latest stake events (spec 2: wallet, date, totalStake in PLI). */
export function RecentTransactions({ rows, dateFormat, seeAll }: RecentProps<Transaction>) {
  const columns: Column<Transaction>[] = [
    { id: "wallet", header: "Wallet Address", cell: ({ row }) => <Address value={row.original.user.walletAddress} /> },
    {
      id: "date",
      meta: { card: "title" },
      header: "Date",
      cell: ({ row }) => <DateCell value={row.original.date} format={dateFormat} inherit />,
    },
    {
      id: "stake",
      meta: { card: "amount" },
      header: "Total Stake",
      cell: ({ row }) => <Amount wei={BigInt(row.original.totalStake)} size="sm" />,
    },
  ];
  return (
    <Section title="Recent Transactions" actions={seeAllLink(seeAll, "Transactions")}>
      <DataTable
        columns={columns}
        data={rows ?? []}
        loading={rows === undefined}
        getRowId={(row) => row._id}
        caption="Recent Transactions"
        minWidth={480}
      />
    </Section>
  );
}

/** The latest incentives (spec 2: wallet, date, status, token in PLI). */
export function RecentIncentives({ rows, dateFormat, seeAll }: RecentProps<Incentive>) {
  const columns: Column<Incentive>[] = [
    { id: "wallet", header: "Wallet Address", cell: ({ row }) => <Address value={row.original.user.walletAddress} /> },
    {
      id: "date",
      meta: { card: "title" },
      header: "Date",
      cell: ({ row }) => <DateCell value={row.original.date} format={dateFormat} inherit />,
    },
    {
      id: "status",
      meta: { card: "status" },
      header: "Status",
      cell: ({ row }) => <StatusBadge entity="incentive" status={row.original.status} />,
    },
    {
      id: "token",
      meta: { card: "amount" },
      header: "Token",
      cell: ({ row }) => <Amount wei={BigInt(row.original.token)} size="sm" />,
    },
  ];
  return (
    <Section title="Recent Incentives" actions={seeAllLink(seeAll, "Incentives")}>
      <DataTable
        columns={columns}
        data={rows ?? []}
        loading={rows === undefined}
        getRowId={(row) => row._id}
        caption="Recent Incentives"
        minWidth={520}
      />
    </Section>
  );
}
