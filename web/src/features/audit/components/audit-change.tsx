import type { AuditRecordResponse } from "@pli/api/public-contract";
import { Button, Code, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ExplorerTx } from "@/chain/explorer-links";
import { Detail, DetailGrid, plainValue, WRAP_ANYWHERE } from "@/shared/ui/detail";
import { LongValue } from "@/shared/ui/long-value";
import { AUDIT_ACTION_LABELS, AUDIT_RECORD_TYPE_LABELS, auditChanges, fullTimestamp } from "../audit-display";

/** Changes listed in a row; the rest are counted and shown in full in the record's details. */
const SHOWN = 3;

/** 'key: old → new' for each changed key of the record (at most three), or 'No change' when none differs. */
export function AuditChangeSummary({ record }: { record: AuditRecordResponse }) {
  const changes = auditChanges(record.before, record.after);
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No change
      </Text>
    );
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label="Changed keys">
      {changes.slice(0, SHOWN).map((change) => (
        <Text key={change.key} component="li" size="sm">
          <Text component="span" size="sm" fw={600}>
            {change.key}:
          </Text>{" "}
          {change.before !== undefined ? <LongValue value={change.before} /> : null}
          {change.before !== undefined && change.after !== undefined ? " → " : null}
          {change.after !== undefined ? <LongValue value={change.after} /> : null}
          {change.after === undefined ? " (removed)" : null}
        </Text>
      ))}
      {changes.length > SHOWN ? (
        <Text component="li" size="sm" c="dimmed">
          and {changes.length - SHOWN} more
        </Text>
      ) : null}
    </Stack>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Detail label={label}>
      {value === null || value === undefined ? (
        plainValue("")
      ) : (
        <Code block style={{ ...WRAP_ANYWHERE, whiteSpace: "pre-wrap" }}>
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Detail>
  );
}

/** The whole record: full time, admin, client address, record id and transaction, and the full before and after. */
function AuditRecordDetails({ record }: { record: AuditRecordResponse }) {
  return (
    <Stack gap="lg">
      <DetailGrid>
        <Detail label="When">{plainValue(fullTimestamp(record.occurredAt))}</Detail>
        <Detail label="Action">{plainValue(`${AUDIT_ACTION_LABELS[record.action]} (${record.action})`)}</Detail>
        <Detail label="Admin">{plainValue(record.adminEmail ?? "Command line")}</Detail>
        <Detail label="Client address">{plainValue(record.clientAddress)}</Detail>
        <Detail label="Record">{plainValue(AUDIT_RECORD_TYPE_LABELS[record.recordType])}</Detail>
        <Detail label="Record id">{plainValue(record.recordId ?? "")}</Detail>
      </DetailGrid>
      {record.txHash ? (
        <Detail label="Txn Hash">
          <ExplorerTx hash={record.txHash} />
        </Detail>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Json label="Before" value={record.before} />
        <Json label="After" value={record.after} />
      </SimpleGrid>
    </Stack>
  );
}

/** 'Details': the record in full, with the before and after as JSON, in a dialog. */
export function AuditDetailsButton({ record }: { record: AuditRecordResponse }) {
  const [opened, setOpened] = useState(false);
  const action = AUDIT_ACTION_LABELS[record.action];
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => setOpened(true)}
        aria-label={`Details of ${action} at ${fullTimestamp(record.occurredAt)}`}
      >
        Details
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={action} centered size="xl">
        <AuditRecordDetails record={record} />
      </Modal>
    </>
  );
}
