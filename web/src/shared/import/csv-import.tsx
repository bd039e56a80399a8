import { MESSAGES, rowErrors } from "@pli/api/public-contract";
import { Button, FileInput, Group, List, Stack, Text } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { useState } from "react";
import { HttpError } from "../api/http";
import { reportError, settle } from "../api/settle";
import { Alert } from "../ui/alert";
import { DataTable, type Column } from "../ui/data-table";
import { LongValue } from "../ui/long-value";
import { useToast } from "../ui/toast";
import { readCsv, type ImportColumn } from "./read-csv";

/** The most rows the preview lists (the file may hold thousands; their errors are all counted). */
const PREVIEW_ROWS = 100;

type Row = Record<string, string>;

/** A row of the preview: its place in the file and its cells. */
interface PreviewRow {
  index: number;
  values: Row;
}

interface CsvImportProps {
  /** What one row holds, e.g. "walletAddress,email,userRole". */
  columns: readonly ImportColumn[];
  /** The API's own check of the rows (checkImportRows with the feature's row schema): `rows.<index>.<field>` → message. */
  check: (rows: Row[]) => Record<string, string>;
  /** The feature's import mutation; its answer's message is shown once every row is saved. */
  importing: { mutateAsync: (rows: Row[]) => Promise<{ message: string }>; isPending: boolean };
}

interface Loaded {
  fileName: string;
  rows: Row[];
  missing: string[];
  errors: Record<string, string>;
}

/**
 * A CSV import in two steps: the file is read in the browser and every row checked with the API's own rules, then a
 * preview lists the rows and what is wrong with each; nothing is sent until Confirm, which stays disabled while any
 * row has an error. The server saves all rows or none; a refusal's per-row errors show in the same preview.
 */
export function CsvImport({ columns, check, importing }: CsvImportProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const toast = useToast();

  const load = async (picked: File | null) => {
    setFile(picked);
    if (!picked) return setLoaded(null);
    const { rows, missing } = readCsv(await picked.text(), columns);
    setLoaded({ fileName: picked.name, rows, missing, errors: missing.length || !rows.length ? {} : check(rows) });
  };

  const confirm = () =>
    loaded &&
    settle(importing, loaded.rows, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setLoaded(null);
        setFile(null);
      },
      onError: (error) => {
        if (error instanceof HttpError && Object.keys(error.errors).length) {
          toast.error(error.message);
          setLoaded({ ...loaded, errors: error.errors });
        } else reportError(error);
      },
    });

  const bad = loaded
    ? new Set(Object.keys(loaded.errors).map((path) => Number(path.split(".")[1])))
    : new Set<number>();
  const fileErrors = loaded ? Object.entries(loaded.errors).filter(([path]) => !path.startsWith("rows.")) : [];
  const indexes = loaded ? loaded.rows.map((_, index) => index).filter((index) => !bad.size || bad.has(index)) : [];
  const shown: PreviewRow[] = indexes.slice(0, PREVIEW_ROWS).map((index) => ({ index, values: loaded!.rows[index]! }));
  const blocked = !loaded || !loaded.rows.length || loaded.missing.length > 0 || Object.keys(loaded.errors).length > 0;

  const tableColumns: Column<PreviewRow>[] = [
    { id: "line", header: "Line", cell: ({ row }) => row.original.index + 2 },
    {
      id: "problems",
      header: "Problems",
      cell: ({ row }) => {
        const problems = Object.entries(rowErrors(loaded?.errors, row.original.index));
        const labelOf = (key: string) => columns.find((column) => column.key === key)?.label ?? key;
        return problems.length ? (
          <List size="sm" c="red.8" spacing={2} miw={220}>
            {problems.map(([key, message]) => (
              <List.Item key={key}>
                {labelOf(key)}: {message}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            OK
          </Text>
        );
      },
    },
    ...columns.map((column): Column<PreviewRow> => ({
      id: column.key,
      header: column.label,
      cell: ({ row }) => {
        const value = row.original.values[column.key];
        return value ? <LongValue value={value} /> : "-";
      },
    })),
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A CSV file with the header row {columns.map((column) => column.key).join(",")}.
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        accept=".csv,text/csv"
        clearable
        clearButtonProps={{ "aria-label": "Clear the file" }}
        value={file}
        onChange={(picked) => void load(picked)}
        leftSection={<IconFileUpload size={16} aria-hidden="true" />}
        w={{ base: "100%", sm: 360 }}
      />
      {loaded ? (
        <Stack gap="sm">
          {loaded.missing.length ? (
            <Alert tone="error" title="The header row lacks a column">
              Missing: {loaded.missing.join(", ")}
            </Alert>
          ) : !loaded.rows.length ? (
            <Alert tone="error" title={MESSAGES.importEmpty} />
          ) : bad.size || fileErrors.length ? (
            <Alert tone="error" title={`${bad.size} of ${loaded.rows.length} rows have errors: nothing will be saved`}>
              {fileErrors.map(([, message]) => message).join(" ") ||
                "Fix the rows listed below and choose the file again."}
            </Alert>
          ) : (
            <Text size="sm">
              {loaded.rows.length} rows of {loaded.fileName} are ready to import.
            </Text>
          )}
          {shown.length ? (
            <>
              <DataTable
                columns={tableColumns}
                data={shown}
                loading={false}
                getRowId={(row) => String(row.index)}
                caption={bad.size ? "Rows with errors" : "Rows to import"}
                minWidth={640}
                wrap
              />
              {indexes.length > shown.length ? (
                <Text size="sm" c="dimmed">
                  The first {shown.length} of {indexes.length} {bad.size ? "rows with errors" : "rows"} are listed.
                </Text>
              ) : null}
            </>
          ) : null}
          <Group gap="sm">
            <Button onClick={() => void confirm()} disabled={blocked} loading={importing.isPending}>
              Confirm import
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setLoaded(null);
                setFile(null);
              }}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
