import type { StakeRequestResponse } from "@pli/api/public-contract";
import { Button, Stack, Text } from "@mantine/core";
import { UncheckedSection } from "@/chain/unchecked/unchecked-section";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { useListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { ExportRangePicker, useExportRange } from "@/shared/ui/export-range";
import { OperatorCell } from "@/shared/ui/operator-cell";
import { PagedTable } from "@/shared/ui/paged-table";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { exportStakeRequests } from "../api/export-requests";
import { useStakeRequests } from "../api/get-requests";
import { useStatusCounts } from "../api/get-status-counts";
import { StakeEntries } from "../components/request-details";
import { StakeRequestStatusCards } from "../components/request-status-cards";

function Node({ request }: { request: StakeRequestResponse }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {request.nodesetting.name}
      </Text>
      <Address value={request.nodesetting.nodeAddress} />
    </Stack>
  );
}

/**
 * 'Request Lists': the count per status, every operator's interest requests searched and paged, the CSV export (spec
 * section 2).
 */
export function AdminStakeRequestListPage() {
  const params = useListParams();
  const [range, setRange] = useExportRange();
  const list = useStakeRequests(params);
  const counts = useStatusCounts();

  const columns: Column<StakeRequestResponse>[] = [
    { id: "serial", header: "S no.", cell: ({ row }) => (params.page - 1) * params.limit + row.index + 1 },
    { id: "date", header: "Date", cell: ({ row }) => <DateCell value={row.original.date} /> },
    {
      id: "user",
      meta: { card: "title" },
      header: "Email / Wallet Address",
      cell: ({ row }) => <OperatorCell email={row.original.user.email} wallet={row.original.user.walletAddress} />,
    },
    { id: "node", meta: { card: "title" }, header: "Node", cell: ({ row }) => <Node request={row.original} /> },
    {
      id: "status",
      meta: { card: "status" },
      header: "Status",
      cell: ({ row }) => <StatusBadge entity="request" status={row.original.status} />,
    },
    {
      id: "stake",
      meta: { card: "amount" },
      header: "Stake",
      cell: ({ row }) => <StakeEntries stake={row.original.stake} />,
    },
    {
      id: "updated",
      header: "Last Updated At",
      meta: { under: "date" },
      cell: ({ row }) => <DateCell value={row.original.lastUpdatedAt} />,
    },
    {
      id: "action",
      meta: { card: "action" },
      header: "Action",
      cell: ({ row }) => (
        <Button
          component={Link}
          to={routes.adminEditStakeRequest.href(row.original._id)}
          size="xs"
          variant="default"
          aria-label={`Edit the request of ${row.original.nodesetting.name}`}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <StakeRequestStatusCards counts={counts.data} />
      <Section>
        <PagedTable
          list={list}
          totalLabel="Total Requests"
          searchPlaceholder="Search by Email, Wallet or Node"
          tools={
            <>
              <ExportRangePicker value={range} onChange={setRange} />
              <ExportCsvButton download={() => exportStakeRequests(params.q, range)} />
            </>
          }
          columns={columns}
          getRowId={(row) => row._id}
          caption="Requests"
          minWidth={1000}
          wrap
        />
      </Section>
      <UncheckedSection />
    </Stack>
  );
}
