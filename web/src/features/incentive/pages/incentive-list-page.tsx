import type { IncentiveResponse } from "@pli/api/public-contract";
import { Button, Group, Stack } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { useStatusListParams } from "@/shared/lists/list-params";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { NextStep } from "@/shared/ui/next-step";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { StatusChips } from "@/shared/ui/status-chips";
import { Section } from "@/shared/ui/section";
import { IncentiveExports } from "../components/incentive-exports";
import { useIncentives } from "../api/get-incentives";
import { useIncentiveStatusCounts } from "../api/get-incentive-status-counts";
import { incentiveColumns } from "../components/incentive-columns";
import { earnedMonth } from "../incentive-display";
import { incentiveMessages } from "../messages";

/**
 * 'Incentive Lists' (/listincentive): the operator's monthly incentives with spec 2's columns, Paid
 * with the payout's transaction once the chain's payment is indexed; searched by status (chips with counts beside the
 * box), paged, and
 * exported whole as CSV.
 */
export function IncentiveListPage() {
  const params = useStatusListParams();
  const list = useIncentives(params);
  const counts = useIncentiveStatusCounts();
  const columns = useMemo<Column<IncentiveResponse>[]>(
    () => [
      ...incentiveColumns(),
      {
        id: "action",
        header: "Action",
        meta: { card: "action" },
        cell: ({ row }) => (
          <Button
            component={Link}
            to={routes.viewIncentive.href(row.original._id)}
            size="xs"
            variant="default"
            aria-label={incentiveMessages.viewOwnIncentive(earnedMonth(row.original.date))}
          >
            {incentiveMessages.viewIncentive}
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <Section
      title={incentiveMessages.listTitle}
      description={incentiveMessages.listTotal(list.data?.totalDocs ?? 0)}
      actions={<IncentiveExports q={params.q} status={params.status} />}
    >
      <Stack gap="md">
        <Group gap="sm" align="center" wrap="wrap">
          <SearchBox placeholder={incentiveMessages.searchByStatus} />
          <StatusChips
            label={incentiveMessages.statusChips}
            counts={counts.data?.counts}
            name={incentiveMessages.statusChip}
          />
        </Group>
        <DataTable
          columns={columns}
          data={list.data?.docs ?? []}
          loading={list.isPending}
          getRowId={(row) => row._id}
          caption={incentiveMessages.listTitle}
          wrap
          nextStep={params.q || params.status ? undefined : <NextStep>{incentiveMessages.listEmptyNext}</NextStep>}
        />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
      </Stack>
    </Section>
  );
}
