import { Group, Stack, Text } from "@mantine/core";
import type { RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { useListParams } from "../lists/list-params";
import { DataTable, type DataTableProps } from "./data-table";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";

interface PagedTableProps<T extends RowData> extends Omit<DataTableProps<T>, "data" | "loading"> {
  /** The list's answer: a page of rows and the totals. */
  list: { data?: { docs: T[]; totalDocs: number; totalPages: number }; isPending: boolean };
  /** The label of the count above the table, e.g. "Total Requests". */
  totalLabel: string;
  /** The count shown, when it is not the list's totalDocs (a tabbed list counts every tab). */
  total?: number;
  searchPlaceholder: string;
  /** Beside the search box, e.g. an export button. */
  tools?: ReactNode;
  /** Between the heading row and the table, e.g. status tabs. */
  above?: ReactNode;
}

/**
 * A server-paged list: its count, the search box (q in the URL), the table and the pager (page in the URL); the one
 * arrangement of every list screen.
 */
export function PagedTable<T extends RowData>({
  list,
  totalLabel,
  total,
  searchPlaceholder,
  tools,
  above,
  ...table
}: PagedTableProps<T>) {
  const params = useListParams();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {totalLabel}: <b>{total ?? list.data?.totalDocs ?? 0}</b>
        </Text>
        <Group gap="sm" wrap="wrap">
          <SearchBox placeholder={searchPlaceholder} />
          {tools}
        </Group>
      </Group>
      {above}
      <DataTable {...table} data={list.data?.docs ?? []} loading={list.isPending} />
      <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
    </Stack>
  );
}
