import { LIMITS, type auditFilterSchema } from "@pli/api/public-contract";
import dayjs from "dayjs";
import type { z } from "zod";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { useListParams } from "@/shared/lists/list-params";

/** The screen's filters as the URL holds them (the API's names; dates as the date inputs give them, YYYY-MM-DD). */
export const AUDIT_FILTERS = ["adminId", "action", "recordType", "recordId", "from", "to"] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilterParams = Record<AuditFilterName, string>;
export type AuditListParams = AuditFilterParams & { page: number; limit: number };

/**
 * The API's query as the client types it. The URL may hold any text (a shared or edited link): it is sent as it is,
 * so an action or record type the API does not know comes back as its field error rather than being dropped unseen.
 */
type AuditQuery = z.input<typeof auditFilterSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API query of the filters: empty ones left out, and a date range of whole days in the admin's own time zone
 * (the screen shows local times, while a bare date means a UTC day to the API). Anything else goes as typed, so the
 * API's field error names what is wrong with it.
 */
export function auditQuery(filters: AuditFilterParams): AuditQuery {
  const query: Partial<AuditFilterParams> = {};
  for (const name of AUDIT_FILTERS) {
    const value = filters[name].trim();
    if (value) query[name] = value;
  }
  if (query.from && DATE_ONLY.test(query.from)) query.from = dayjs(query.from).startOf("day").toISOString();
  if (query.to && DATE_ONLY.test(query.to)) query.to = dayjs(query.to).endOf("day").toISOString();
  return query as AuditQuery;
}

/** The filters, page and limit in the URL, so a reload or a shared link shows the same records. */
export function useAuditParams() {
  const list = useListParams();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(AUDIT_FILTERS.map((name) => [name, search.get(name) ?? ""])) as AuditFilterParams;
  /**
   * The URL last asked for and not yet rendered: the router's own updater starts from the URL of the last render, so
   * two filters set in quick succession (an admin picks an action, then a date) would lose the first.
   */
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === search.toString()) pending.current = null;
  }, [search]);
  /** Sets filters and goes back to the first page. */
  const setFilters = (change: Partial<AuditFilterParams>) => {
    const next = new URLSearchParams(pending.current ?? search);
    for (const [name, value] of Object.entries(change)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.set("page", "1");
    next.set("limit", String(list.limit || LIMITS.pageSize));
    pending.current = next;
    setSearch(next);
  };
  const clearFilters = () => setFilters(Object.fromEntries(AUDIT_FILTERS.map((name) => [name, ""])));
  const params: AuditListParams = { ...filters, page: list.page, limit: list.limit };
  const filtered = AUDIT_FILTERS.some((name) => filters[name] !== "");
  return { params, filters, filtered, setFilters, clearFilters, setPage: (page: number) => list.update({ page }) };
}
