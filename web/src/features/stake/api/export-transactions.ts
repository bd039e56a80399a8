import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";
import { rangeQuery, type ExportRange } from "@/shared/ui/export-range";

/**
 * Saves every transaction matching `q` (not only the page shown) in the picked range of UTC days as the API's CSV: the
 * operator's own, every operator's for an admin.
 */
export const exportTransactions = (q: string, range: ExportRange) =>
  downloadFile(
    api.stake.transactions.export.$get({ query: { ...(q ? { q } : {}), ...rangeQuery(range) } }),
    "transactions.csv",
  );
