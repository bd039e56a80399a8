import { checkImportRows, inviteSchema, type InviteResponse } from "@pli/api/public-contract";
import { Stack } from "@mantine/core";
import { CsvImport } from "@/shared/import/csv-import";
import type { ImportColumn } from "@/shared/import/read-csv";
import { useListParams } from "@/shared/lists/list-params";
import { type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { LongValue } from "@/shared/ui/long-value";
import { PagedTable } from "@/shared/ui/paged-table";
import { Section } from "@/shared/ui/section";
import { useImportInvites } from "../api/import-invites";
import { useInvites } from "../api/get-invites";
import { AddInviteForm } from "../components/add-invite-form";
import { RemoveInviteButton } from "../components/remove-invite-button";

const IMPORT_COLUMNS: ImportColumn[] = [{ key: "email", label: "Email", aliases: ["e-mail", "mail"], required: true }];

const checkRows = (rows: Record<string, string>[]) => checkImportRows(rows, inviteSchema, "email").errors ?? {};

/** 'Invites': the emails whose owners' nodes carry the bounty flag; search, pager, add, remove, CSV import. */
export function InviteListPage() {
  const params = useListParams();
  const list = useInvites(params);
  const importing = useImportInvites();
  const columns: Column<InviteResponse>[] = [
    { id: "serial", header: "S no.", cell: ({ row }) => (params.page - 1) * params.limit + row.index + 1 },
    {
      id: "email",
      meta: { card: "title" },
      header: "Email",
      cell: ({ row }) => <LongValue value={row.original.email} />,
    },
    { id: "added", header: "Added", cell: ({ row }) => <DateCell value={row.original.createdAt} /> },
    {
      id: "action",
      meta: { card: "action" },
      header: "Action",
      cell: ({ row }) => <RemoveInviteButton invite={row.original} />,
    },
  ];
  return (
    <Stack gap="md">
      <Section>
        <PagedTable
          list={list}
          totalLabel="Total Invites"
          searchPlaceholder="Search by Email"
          columns={columns}
          getRowId={(row) => row._id}
          caption="Invites"
          minWidth={520}
        />
      </Section>
      <Section title="Invite an email">
        <AddInviteForm />
      </Section>
      <Section title="Import from a CSV file" description="All rows are saved or none. Emails already invited stay.">
        <CsvImport columns={IMPORT_COLUMNS} check={checkRows} importing={importing} />
      </Section>
    </Stack>
  );
}
