import { checkImportRows, MESSAGES, validatorEntrySchema, type ValidatorResponse } from "@pli/api/public-contract";
import { Stack } from "@mantine/core";
import { CsvImport } from "@/shared/import/csv-import";
import type { ImportColumn } from "@/shared/import/read-csv";
import { useListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { Alert } from "@/shared/ui/alert";
import { type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { LongValue } from "@/shared/ui/long-value";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { PagedTable } from "@/shared/ui/paged-table";
import { Section } from "@/shared/ui/section";
import { exportValidators } from "../api/export-validators";
import { useValidators } from "../api/get-validators";
import { useImportValidators } from "../api/import-validators";
import { AddValidatorForm } from "../components/add-validator-form";
import { RemoveValidatorButton, RoleSelect } from "../components/validator-actions";

const IMPORT_COLUMNS: ImportColumn[] = [
  { key: "walletAddress", label: "Wallet address", aliases: ["wallet", "address", "wallet address"], required: true },
  { key: "email", label: "Email", aliases: ["e-mail", "mail"] },
  { key: "userRole", label: "Role", aliases: ["role", "user role"], required: true },
];

const checkRows = (rows: Record<string, string>[]) =>
  checkImportRows(rows, validatorEntrySchema, "walletAddress").errors ?? {};

/**
 * 'Validators': the built-in directory sign-in asks (who may sign in, as Validator or Standby): search, pager, add,
 * role change, removal, CSV import and export. Read-only when an external validator-check service decides instead.
 */
export function ValidatorListPage() {
  const params = useListParams();
  const list = useValidators(params);
  const importing = useImportValidators();
  const readOnly = list.data?.managedExternally ?? false;

  const columns: Column<ValidatorResponse>[] = [
    { id: "serial", header: "S no.", cell: ({ row }) => (params.page - 1) * params.limit + row.index + 1 },
    { id: "wallet", header: "Wallet Address", cell: ({ row }) => <Address value={row.original.walletAddress} /> },
    {
      id: "email",
      meta: { card: "title" },
      header: "Email",
      cell: ({ row }) => (row.original.email ? <LongValue value={row.original.email} /> : "-"),
    },
    {
      id: "role",
      header: "Role",
      cell: ({ row }) => (readOnly ? row.original.userRole : <RoleSelect entry={row.original} />),
    },
    { id: "added", header: "Added", cell: ({ row }) => <DateCell value={row.original.createdAt} /> },
    ...(readOnly
      ? []
      : [
          {
            id: "action",
            meta: { card: "action" },
            header: "Action",
            cell: ({ row }) => <RemoveValidatorButton entry={row.original} />,
          } satisfies Column<ValidatorResponse>,
        ]),
  ];

  return (
    <Stack gap="md">
      {readOnly ? (
        <Alert tone="info" title="Read-only">
          {MESSAGES.validatorDirectoryExternal}
        </Alert>
      ) : null}
      <Section>
        <PagedTable
          list={list}
          totalLabel="Total Validators"
          searchPlaceholder="Search by Wallet or Email"
          tools={<ExportCsvButton download={exportValidators} />}
          columns={columns}
          getRowId={(row) => row.walletAddress}
          caption="Validators"
          minWidth={720}
        />
      </Section>
      {list.data && !readOnly ? (
        <>
          <Section title="Add a validator">
            <AddValidatorForm />
          </Section>
          <Section
            title="Import from a CSV file"
            description="All rows are saved or none. A wallet already listed takes the file's email and role."
          >
            <CsvImport columns={IMPORT_COLUMNS} check={checkRows} importing={importing} />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
