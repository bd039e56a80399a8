import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";
import { Stack, Table, Text, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  FlexRender,
  tableFeatures,
  useTable,
  type CellData,
  type Column as TableColumn,
  type ColumnDef,
  type RowData,
  type TableFeatures,
} from "@tanstack/react-table";
import { cardLabel, type CardRole } from "./card-roles";
import type { ReactNode } from "react";
import { Detail } from "./detail";
import { CellContent, metaOf, RowCards } from "./row-cards";
import classes from "./data-table.module.css";

declare module "@tanstack/react-table" {
  /** How a column shows in the card of its row on a phone (see RowCards). */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats TanStack's parameters
  interface ColumnMeta<TFeatures extends TableFeatures, TData extends RowData, TValue extends CellData = CellData> {
    /** The column's part of the card; a column without one is a detail (or the title of a list that names none). */
    card?: CardRole;
    /**
     * The label of the value in the card, when the header is not text or says too little. A status alone beside the
     * card's title shows bare (a badge says what it is) unless its column gives this label.
     */
    cardLabel?: string;
    /**
     * From the phone breakpoint up, the column shows inside the cell of the column with this id, labelled like a
     * card's detail, instead of taking a column of its own: a list with more columns than a laptop's width holds
     * keeps every value in its row without scrolling sideways.
     */
    under?: string;
  }
}

const features = tableFeatures({});

/** A cell without a value: '-' in the table; a row's card leaves out an action cell that holds only this. */
export const noValue = (
  <Text size="sm" data-no-value>
    -
  </Text>
);

export type Column<T extends RowData> = ColumnDef<typeof features, T>;

export interface DataTableProps<T extends RowData> {
  columns: Column<T>[];
  data: T[];
  loading: boolean;
  getRowId: (row: T) => string;
  caption?: string;
  /**
   * Below this width the table scrolls sideways inside its own box instead of squeezing its cells; below the phone
   * breakpoint the rows show as cards instead.
   */
  minWidth?: number;
  /**
   * Headers and cells wrap between words, with narrower gaps between columns, for a table with many columns that
   * must fit a laptop's screen (an amount's cell still keeps one line); otherwise each keeps its text on one line.
   */
  wrap?: boolean;
  /**
   * What to do next when the list is empty (e.g. add the first record), shown under the table's 'No Record
   * Found.....', outside its sideways scroll so a phone sees it.
   */
  nextStep?: ReactNode;
}

/**
 * The one table of the product: headless TanStack Table rendered with Mantine, server-side paging. Below the phone
 * breakpoint (Mantine's `sm`) each row is a card instead, arranged by its columns' `meta.card` roles, so a phone
 * shows each row's name, status, amount and main action without scrolling sideways.
 */
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
  const phone = !useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const host = (column: TableColumn<typeof features, T, unknown>) => metaOf(column)?.under;
  const span = table.getAllLeafColumns().filter((column) => !host(column)).length;
  const message = (text: string) => (
    <Text ta="center" c="dimmed" py="lg" size="sm">
      {text}
    </Text>
  );
  const note = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={span}>{message(text)}</Table.Td>
    </Table.Tr>
  );
  const empty = !loading && data.length === 0;
  const next = empty && nextStep ? nextStep : null;
  if (phone)
    return (
      <>
        <RowCards
          rows={table.getRowModel().rows}
          headers={table.getLeafHeaders()}
          caption={caption}
          note={loading ? message(COMMON_MESSAGES.loading) : empty ? message(COMMON_MESSAGES.noRecord) : undefined}
        />
        {next}
      </>
    );
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
                {group.headers
                  .filter((header) => !host(header.column))
                  .map((header) => (
                    <Table.Th key={header.id} scope="col" style={wrap ? { whiteSpace: "normal" } : undefined}>
                      {header.isPlaceholder ? null : <FlexRender header={header} />}
                    </Table.Th>
                  ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? note(COMMON_MESSAGES.loading)
              : data.length === 0
                ? note(COMMON_MESSAGES.noRecord)
                : table.getRowModel().rows.map((row) => (
                    <Table.Tr key={row.id}>
                      {row
                        .getAllCells()
                        .filter((cell) => !host(cell.column))
                        .map((cell) => {
                          const guests = row.getAllCells().filter((guest) => host(guest.column) === cell.column.id);
                          return (
                            <Table.Td
                              key={cell.id}
                              className={
                                wrap && !(guests.length === 0 && metaOf(cell.column)?.card === "amount")
                                  ? classes.wrap
                                  : classes.cell
                              }
                            >
                              {guests.length === 0 ? (
                                <CellContent cell={cell} />
                              ) : (
                                <Stack gap={6}>
                                  <div>
                                    <CellContent cell={cell} />
                                  </div>
                                  {guests.map((guest) => (
                                    <Detail
                                      key={guest.id}
                                      label={cardLabel(
                                        guest.column.id,
                                        guest.column.columnDef.header,
                                        metaOf(guest.column)?.cardLabel,
                                      )}
                                    >
                                      <CellContent cell={guest} />
                                    </Detail>
                                  ))}
                                </Stack>
                              )}
                            </Table.Td>
                          );
                        })}
                    </Table.Tr>
                  ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {next}
    </>
  );
}
