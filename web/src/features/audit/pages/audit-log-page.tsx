import type { AuditRecordResponse } from "@pli/api/public-contract";
import { Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { ExplorerTx } from "@/chain/explorer-links";
import { errorMessage, HttpError } from "@/shared/api/http";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Alert } from "@/shared/ui/alert";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { LongValue } from "@/shared/ui/long-value";
import { Pager } from "@/shared/ui/pager";
import { Section } from "@/shared/ui/section";
import { exportAuditRecords } from "../api/export-audit";
import { useAuditRecords } from "../api/get-audit-records";
import { AUDIT_ACTION_LABELS, AUDIT_RECORD_TYPE_LABELS, fullTimestamp } from "../audit-display";
import { AUDIT_FILTERS, useAuditParams, type AuditFilterName } from "../audit-params";
import { AuditChangeSummary, AuditDetailsButton } from "../components/audit-change";
import { AuditFilters } from "../components/audit-filters";

/** When, in the admin's time zone; the full timestamp on hover and in the record's details. */
function When({ iso }: { iso: string }) {
  const full = fullTimestamp(iso);
  return (
    <Tooltip label={full} withArrow events={{ hover: true, focus: false, touch: true }}>
      <Text component="time" size="sm" dateTime={iso}>
        {formatDate(iso, "adminDashboard")}
      </Text>
    </Tooltip>
  );
}

function Who({ record }: { record: AuditRecordResponse }) {
  return (
    <Stack gap={2}>
      {record.adminEmail ? <LongValue value={record.adminEmail} /> : <Text size="sm">Command line</Text>}
      <Text size="xs" c="dimmed">
        from <LongValue value={record.clientAddress} />
      </Text>
    </Stack>
  );
}

function Record({ record }: { record: AuditRecordResponse }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{AUDIT_RECORD_TYPE_LABELS[record.recordType]}</Text>
      {record.recordId ? <Address value={record.recordId} /> : null}
    </Stack>
  );
}

const COLUMNS: Column<AuditRecordResponse>[] = [
  { id: "when", header: "When", cell: ({ row }) => <When iso={row.original.occurredAt} /> },
  { id: "who", header: "Admin", cell: ({ row }) => <Who record={row.original} /> },
  {
    id: "action",
    meta: { card: "title" },
    header: "Action",
    cell: ({ row }) => AUDIT_ACTION_LABELS[row.original.action],
  },
  { id: "record", meta: { card: "title" }, header: "Record", cell: ({ row }) => <Record record={row.original} /> },
  {
    id: "change",
    header: "Change",
    cell: ({ row }) => (
      <Stack gap={4} align="flex-start">
        <AuditChangeSummary record={row.original} />
        <AuditDetailsButton record={row.original} />
      </Stack>
    ),
  },
  {
    id: "txn",
    header: "Txn Hash",
    cell: ({ row }) => (row.original.txHash ? <ExplorerTx hash={row.original.txHash} /> : "-"),
  },
];

/** The API's message for each filter it refused. */
const fieldErrors = (error: unknown): Partial<Record<AuditFilterName, string>> =>
  error instanceof HttpError
    ? Object.fromEntries(AUDIT_FILTERS.flatMap((name) => (error.errors[name] ? [[name, error.errors[name]]] : [])))
    : {};

/**
 * 'Audit Log': every admin action, newest first, filtered by admin, action, record and date range (kept in the URL),
 * paged, and exported as CSV with the same filters.
 */
export function AuditLogPage() {
  const { params, filters, filtered, setFilters, clearFilters, setPage } = useAuditParams();
  const list = useAuditRecords(params);
  const errors = fieldErrors(list.error);
  const refused = list.isError;
  const records = refused ? [] : (list.data?.docs ?? []);
  return (
    <Section>
      <Stack gap="md">
        <AuditFilters filters={filters} errors={errors} onChange={setFilters} />
        {refused && Object.keys(errors).length === 0 ? <Alert tone="error" title={errorMessage(list.error)} /> : null}
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            Total Records: <b>{refused ? 0 : (list.data?.totalDocs ?? 0)}</b>
          </Text>
          <Group gap="sm" wrap="wrap">
            {filtered ? (
              <Button variant="subtle" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
            <ExportCsvButton download={() => exportAuditRecords(filters)} />
          </Group>
        </Group>
        <DataTable
          columns={COLUMNS}
          data={records}
          loading={list.isPending}
          getRowId={(row) => row._id}
          caption="Audit records"
          minWidth={960}
          wrap
        />
        <Pager page={params.page} totalPages={refused ? 1 : (list.data?.totalPages ?? 1)} onPage={setPage} />
      </Stack>
    </Section>
  );
}
