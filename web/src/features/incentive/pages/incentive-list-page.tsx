import { Stack } from "@mantine/core";
import { useMemo } from "react";
import { useListParams } from "@/shared/lists/list-params";
import { DataTable } from "@/shared/ui/data-table";
import { NextStep } from "@/shared/ui/next-step";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { Section } from "@/shared/ui/section";
import { IncentiveExports } from "../components/incentive-exports";
import { useIncentives } from "../api/get-incentives";
import { incentiveColumns } from "../components/incentive-columns";
import { incentiveMessages } from "../messages";

/**
 * 'Incentive Lists' (/listincentive): the operator's monthly incentives with spec 2's columns, Paid
 * with the payout's transaction once the chain's payment is indexed; searched by status, paged, and
 * exported whole as CSV.
 */
export function IncentiveListPage() {
  const params = useListParams();
  const list = useIncentives(params);
  const columns = useMemo(() => incentiveColumns(), []);
  return (
    <Section
      title={incentiveMessages.listTitle}
      description={incentiveMessages.listTotal(list.data?.totalDocs ?? 0)}
      actions={<IncentiveExports q={params.q} />}
    >
      <Stack gap="md">
        <SearchBox placeholder={incentiveMessages.searchByStatus} />
        <DataTable
          columns={columns}
          data={list.data?.docs ?? []}
          loading={list.isPending}
          getRowId={(row) => row._id}
          caption={incentiveMessages.listTitle}
          wrap
          nextStep={params.q ? undefined : <NextStep>{incentiveMessages.listEmptyNext}</NextStep>}
        />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
      </Stack>
    </Section>
  );
}
