import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";

/** GET /api/request/export: every request matching the list's search, saved as requests.csv. */
export const exportStakeRequests = (q: string) =>
  downloadFile(api.request.export.$get({ query: q ? { q } : {} }), "requests.csv");
