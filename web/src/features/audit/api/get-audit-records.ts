import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, HttpError, ok } from "@/shared/api/http";
import { auditQuery, type AuditListParams } from "../audit-params";
import { auditKeys } from "./keys";

export const getAuditRecords = (params: AuditListParams) =>
  ok(api.audit.$get({ query: { page: String(params.page), limit: String(params.limit), ...auditQuery(params) } }));

/** A refused filter (4xx) is answered the same every time: it is shown at its field, not asked again. */
const retryUnlessRefused = (failures: number, error: Error) =>
  !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failures < 1;

export const auditRecordsQueryOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: () => getAuditRecords(params),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

/** A page of the audit trail matching the filters, newest first. */
export const useAuditRecords = (params: AuditListParams) => useQuery(auditRecordsQueryOptions(params));
