/**
 * The append-only audit trail of admin actions (`app.audit_record`): the list of actions, recording one in the action's
 * own transaction, and the admins' list, filters and CSV export (`/api/audit/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { adminOnly } from "../auth/index.ts";
import { csvHeaders, csvResponse, csvStream } from "../shared/csv.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonResponse } from "../shared/openapi.ts";
import { pagedSchema } from "../shared/schema.ts";
import {
  allAuditRecords,
  listAuditAdmins,
  listAuditRecords,
  toAuditRecordResponse,
  type AuditRow,
} from "./repository.ts";
import {
  auditAdminsResponseSchema,
  auditFilterSchema,
  auditQuerySchema,
  auditRecordResponseSchema,
  AUDIT_EXPORT_FILE,
  AUDIT_PATHS,
} from "./schema.ts";

const guarded = { 400: E[400], 401: E[401], 403: E[403] } as const;

const list = createRoute({
  method: "get",
  path: AUDIT_PATHS.root,
  ...describe(
    "admin",
    "The audit trail of admin actions, newest first, filtered by admin, action, record type and id, and date range",
  ),
  middleware: [adminOnly] as const,
  request: { query: auditQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(auditRecordResponseSchema), "A page of records"), ...guarded },
});

const exportRoute = createRoute({
  method: "get",
  path: AUDIT_PATHS.export,
  ...describe("admin", "Every audit record matching the list's filters as CSV, newest first"),
  middleware: [adminOnly] as const,
  request: { query: auditFilterSchema },
  responses: { 200: csvResponse("audit.csv"), ...guarded },
});

const admins = createRoute({
  method: "get",
  path: AUDIT_PATHS.admins,
  ...describe("admin", "Every admin account (id and email) by email, to filter the audit trail by"),
  middleware: [adminOnly] as const,
  responses: {
    200: jsonResponse(auditAdminsResponseSchema, "The admins"),
    401: E[401],
    403: E[403],
  },
});

const COLUMNS = [
  "Date",
  "Admin Id",
  "Admin Email",
  "Client Address",
  "Action",
  "Record Type",
  "Record Id",
  "Before",
  "After",
  "Txn Hash",
];

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const cells = (row: AuditRow) => [
  row.occurred_at.toISOString(),
  row.admin_id,
  row.admin_email,
  row.client_address,
  row.action,
  row.record_type,
  row.record_id,
  json(row.before),
  json(row.after),
  row.tx_hash,
];

export const auditRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listAuditRecords(c.get("deps").db, query);
    return c.json(paged(rows.map(toAuditRecordResponse), total, query.page, query.limit), 200);
  })
  .openapi(admins, async (c) => c.json(await listAuditAdmins(c.get("deps").db), 200))
  .openapi(exportRoute, async (c) =>
    c.body(
      csvStream(COLUMNS, allAuditRecords(c.get("deps").db, c.req.valid("query")), cells),
      200,
      csvHeaders(AUDIT_EXPORT_FILE),
    ),
  );
