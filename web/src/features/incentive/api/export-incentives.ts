import { INCENTIVE_EXPORT_FILE } from "@pli/api/public-contract";
import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";

/**
 * GET /api/incentive/export: every incentive matching the list's search (not only the page shown), saved as
 * incentivelist.csv.
 */
export const exportIncentives = (q: string) =>
  downloadFile(api.incentive.export.$get({ query: q ? { q } : {} }), INCENTIVE_EXPORT_FILE);
