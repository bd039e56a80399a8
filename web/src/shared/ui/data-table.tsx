import { MESSAGES } from "@pli/api/public-contract";
import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FlexRender, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import classes from "./data-table.module.css";

const features = tableFeatures({});

export type Column<T extends RowData> = ColumnDef<typeof features, T>;

export interface DataTableProps<T extends RowData> {
  columns: Column<T>[];
  data: T[];
  loading: boolean;
  getRowId: (row: T) => string;
  caption?: string;
  /** Below this width the table scrolls sideways inside its own box instead of squeezing its cells. */
  minWidth?: number;
  /**
   * Headers and cells wrap between words, with narrower gaps between columns, for a table with many columns that
   * must fit a laptop's screen; otherwise each keeps its text on one line.
   */
  wrap?: boolean;
  /**
   * What to do next when the list is empty (e.g. add the first record), shown under the table's 'No Record
   * Found.....', outside its sideways scroll so a phone sees it.
   */
  nextStep?: ReactNode;
}

/** The one table of the product: headless TanStack Table rendered with Mantine, server-side paging. */
export function DataTable<T extends RowData>({
  columns,
  data,
  loading,
  getRowId,
  caption,
  minWidth = 720,
  wrap = false,
  nextStep,
}: DataTableProps<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => getRowId(row) });
  const span = table.getAllLeafColumns().length;
  const note = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Text ta="center" c="dimmed" py="lg" size="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  const empty = !loading && data.length === 0;
  return (
    <>
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${caption ?? "Table"} (scrolls sideways)`}
      >
        <Table aria-label={caption} horizontalSpacing={wrap ? 4 : undefined}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} scope="col" style={wrap ? { whiteSpace: "normal" } : undefined}>
                    {header.isPlaceholder ? null : <FlexRender header={header} />}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? note(MESSAGES.loading)
              : data.length === 0
                ? note(MESSAGES.noRecord)
                : table.getRowModel().rows.map((row) => (
                    <Table.Tr key={row.id}>
                      {row.getAllCells().map((cell) => (
                        <Table.Td key={cell.id} className={wrap ? classes.wrap : classes.cell}>
                          <FlexRender cell={cell} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {empty && nextStep ? nextStep : null}
    </>
  );
}
