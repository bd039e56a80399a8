import { sql } from "kysely";
import { type Db, transact } from "../db/database.ts";
import { pageOf, rowsOf } from "../shared/list.ts";
import type { AuditActor } from "./actor.ts";
import { withoutSecrets } from "./rules.ts";
import {
  rangeEnd,
  rangeStart,
  type AuditAction,
  type AuditFilter,
  type AuditRecordResponse,
  type AuditRecordType,
} from "./schema.ts";

export interface AuditEntry {
  by: AuditActor;
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string | null;
  before?: unknown;
  after?: unknown;
  txHash?: string | null;
}

/** JSON text of a before or after without secrets; SQL NULL for none (a record created or deleted). */
const jsonOf = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(withoutSecrets(value));

/**
 * Records one admin action. Call it with the transaction of the action itself, so a rolled-back action leaves no
 * record and a committed one exactly one.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx
    .insertInto("app.audit_record")
    .values({
      admin_id: entry.by.adminId,
      client_address: entry.by.clientAddress,
      action: entry.action,
      record_type: entry.recordType,
      record_id: entry.recordId,
      before: jsonOf(entry.before),
      after: jsonOf(entry.after),
      tx_hash: entry.txHash ?? null,
    })
    .execute();
}

/**
 * Records `entry` unless its action was already recorded with its chain transaction: a hint sent twice, or by two
 * admins at once, is recorded once (the check and the insert hold a lock on the action and transaction until `db`'s
 * transaction ends).
 */
export async function recordAuditOnce(db: Db, entry: AuditEntry & { txHash: string }): Promise<void> {
  await transact(db, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`pli.audit-once:${entry.action}:${entry.txHash}`}))`.execute(tx);
    const row = await tx
      .selectFrom("app.audit_record")
      .select("id")
      .where("action", "=", entry.action)
      .where("tx_hash", "=", entry.txHash)
      .limit(1)
      .executeTakeFirst();
    if (row === undefined) await recordAudit(tx, entry);
  });
}

/** The records matching `filter`, with the admin's email. */
function matching(db: Db, filter: AuditFilter) {
  let query = db.selectFrom("app.audit_record as r").leftJoin("app.admin as a", "a.id", "r.admin_id");
  if (filter.adminId) query = query.where("r.admin_id", "=", filter.adminId);
  if (filter.action) query = query.where("r.action", "=", filter.action);
  if (filter.recordType) query = query.where("r.record_type", "=", filter.recordType);
  if (filter.recordId) query = query.where("r.record_id", "=", filter.recordId);
  if (filter.from) query = query.where("r.occurred_at", ">=", rangeStart(filter.from));
  if (filter.to) query = query.where("r.occurred_at", "<", rangeEnd(filter.to));
  return query;
}

const newestFirst = (query: ReturnType<typeof matching>) =>
  query.selectAll("r").select("a.email as admin_email").orderBy("r.occurred_at", "desc").orderBy("r.id", "desc");

export type AuditRow = Awaited<ReturnType<ReturnType<typeof newestFirst>["execute"]>>[number];

/** A page of the records matching `filter`, newest first. */
export const listAuditRecords = (db: Db, params: AuditFilter & { page: number; limit: number }) =>
  pageOf(matching(db, params), newestFirst, params);

/** Every record matching `filter`, newest first, through a cursor (for the CSV export). */
export const allAuditRecords = (db: Db, filter: AuditFilter) => rowsOf(newestFirst(matching(db, filter)));

/** Every admin account by email, for choosing whose actions to show. */
export const listAuditAdmins = (db: Db) =>
  db.selectFrom("app.admin").select(["id as _id", "email"]).orderBy("email").orderBy("id").execute();

export const toAuditRecordResponse = (row: AuditRow): AuditRecordResponse => ({
  _id: row.id,
  adminId: row.admin_id,
  adminEmail: row.admin_email,
  clientAddress: row.client_address,
  occurredAt: row.occurred_at.toISOString(),
  action: row.action as AuditAction,
  recordType: row.record_type as AuditRecordType,
  recordId: row.record_id,
  before: row.before,
  after: row.after,
  txHash: row.tx_hash,
});
