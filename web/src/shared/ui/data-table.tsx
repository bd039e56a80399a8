import { MESSAGES } from "@pli/api/contract";
import { FlexRender, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";

const features = tableFeatures({});

export type Column<T extends RowData> = ColumnDef<typeof features, T>;

interface DataTableProps<T extends RowData> {
  columns: Column<T>[];
  data: T[];
  loading: boolean;
  getRowId: (row: T) => string;
  caption?: string;
}

/** The one table of the product: headless TanStack Table, server-side paging, 'Loading.....' and 'No Record Found.....'. */
export function DataTable<T extends RowData>({ columns, data, loading, getRowId, caption }: DataTableProps<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => getRowId(row) });
  const span = table.getAllLeafColumns().length;
  return (
    <div className="table-wrap">
      <table className="data-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={span} className="data-table__note">
                {MESSAGES.loading}
              </td>
            </tr>
          ) : data.length === 0 ? (
            <tr>
              <td colSpan={span} className="data-table__note">
                {MESSAGES.noRecord}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
