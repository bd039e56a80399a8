import type { ColumnType, Generated } from "kysely";

/** A jsonb column: read as parsed JSON, written as JSON text. */
type Json = ColumnType<unknown, string | null, never>;

/**
 * One admin action, append-only (the database refuses UPDATE, DELETE and TRUNCATE): who (admin id, null for the CLI,
 * and client address), when, what, the record's before and after without secrets, and the chain transaction if any.
 */
export interface AuditRecordTable {
  id: Generated<string>;
  admin_id: string | null;
  client_address: string;
  occurred_at: ColumnType<Date, undefined, never>;
  action: string;
  record_type: string;
  record_id: string | null;
  before: Json;
  after: Json;
  tx_hash: string | null;
}

export interface AuditTables {
  "app.audit_record": AuditRecordTable;
}
