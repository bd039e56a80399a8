import { INCENTIVE_EXPORT_FILE, type IncentiveListStatus } from "@pli/api/public-contract";
import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";
import { rangeQuery, type ExportRange } from "@/shared/ui/export-range";

/**
 * GET /api/incentive/export: every incentive matching the list's search and status chip (not only the page shown),
 * created in the picked range of UTC days (every date without one), saved as incentivelist.csv.
 */
export const exportIncentives = ({ q, status }: { q: string; status: string }, range: ExportRange) =>
  downloadFile(
    api.incentive.export.$get({
      query: {
        ...(q ? { q } : {}),
        ...(status ? { status: status as IncentiveListStatus } : {}),
        ...rangeQuery(range),
      },
    }),
    INCENTIVE_EXPORT_FILE,
  );
