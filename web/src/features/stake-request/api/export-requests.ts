import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";
import { rangeQuery, type ExportRange } from "@/shared/ui/export-range";

/** GET /api/request/export: every request matching the list's search, made in the picked range, saved as requests.csv. */
export const exportStakeRequests = (q: string, range: ExportRange) =>
  downloadFile(api.request.export.$get({ query: { ...(q ? { q } : {}), ...rangeQuery(range) } }), "requests.csv");
