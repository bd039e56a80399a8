import { AUDIT_EXPORT_FILE } from "@pli/api/public-contract";
import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";
import { auditQuery, type AuditFilterParams } from "../audit-params";

/** GET /api/audit/export: every record matching the screen's filters (not only the page shown), saved as audit.csv. */
export const exportAuditRecords = (filters: AuditFilterParams) =>
  downloadFile(api.audit.export.$get({ query: auditQuery(filters) }), AUDIT_EXPORT_FILE);
