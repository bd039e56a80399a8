import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES, LIMITS } from "@pli/api/public-contract";
import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { DATE_FORMATS } from "@/shared/format/dates";
import { CALENDAR_LABELS } from "@/shared/ui/export-range";
import { useAuditAdmins } from "../api/get-audit-admins";
import { AUDIT_ACTION_LABELS, AUDIT_RECORD_TYPE_LABELS } from "../audit-display";
import type { AuditFilterName, AuditFilterParams } from "../audit-params";

interface AuditFiltersProps {
  filters: AuditFilterParams;
  /** The API's message for each refused filter, shown at its field. */
  errors: Partial<Record<AuditFilterName, string>>;
  onChange: (change: Partial<AuditFilterParams>) => void;
}

const options = <T extends string>(all: string, values: readonly T[], label: (value: T) => string) => [
  { value: "", label: all },
  ...values.map((value) => ({ value, label: label(value) })),
];

/** The record id is typed: it is applied once the admin stops typing, as the lists' search is. */
function RecordIdFilter({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = useDebouncedCallback((next: string) => onChange(next.trim()), LIMITS.searchDebounceMs);
  return (
    <TextInput
      label="Record id"
      placeholder="Any record"
      value={text}
      error={error}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
    />
  );
}

/** Admin, action, record type and id, and the date range (whole local days) of the audit trail. */
export function AuditFilters({ filters, errors, onChange }: AuditFiltersProps) {
  const admins = useAuditAdmins();
  const adminOptions = [
    { value: "", label: "All admins" },
    ...(admins.data ?? []).map((admin) => ({ value: admin._id, label: admin.email })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      <NativeSelect
        label="Admin"
        data={adminOptions}
        value={filters.adminId}
        error={errors.adminId}
        onChange={(event) => onChange({ adminId: event.currentTarget.value })}
      />
      <NativeSelect
        label="Action"
        data={options("All actions", AUDIT_ACTIONS, (action) => AUDIT_ACTION_LABELS[action])}
        value={filters.action}
        error={errors.action}
        onChange={(event) => onChange({ action: event.currentTarget.value })}
      />
      <NativeSelect
        label="Record type"
        data={options("All record types", AUDIT_RECORD_TYPES, (type) => AUDIT_RECORD_TYPE_LABELS[type])}
        value={filters.recordType}
        error={errors.recordType}
        onChange={(event) => onChange({ recordType: event.currentTarget.value })}
      />
      <RecordIdFilter
        value={filters.recordId}
        error={errors.recordId}
        onChange={(recordId) => onChange({ recordId })}
      />
      <DateInput
        label="From"
        valueFormat={DATE_FORMATS.list}
        placeholder={DATE_FORMATS.list}
        clearable
        clearButtonProps={{ "aria-label": "Clear the From date" }}
        ariaLabels={CALENDAR_LABELS}
        value={filters.from || null}
        error={errors.from}
        onChange={(from) => onChange({ from: from ?? "" })}
      />
      <DateInput
        label="To"
        valueFormat={DATE_FORMATS.list}
        placeholder={DATE_FORMATS.list}
        clearable
        clearButtonProps={{ "aria-label": "Clear the To date" }}
        ariaLabels={CALENDAR_LABELS}
        value={filters.to || null}
        error={errors.to}
        onChange={(to) => onChange({ to: to ?? "" })}
      />
    </SimpleGrid>
  );
}
