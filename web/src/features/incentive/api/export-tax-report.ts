import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";
import type { ExportRange } from "@/shared/ui/export-range";

/**
 * GET /api/incentive/tax-report: each payment and stake event of the range with its PLI/USD price and USD value (the
 * operator's own, everyone's for an admin), saved under the name the API gives it (the range and the price feed).
 */
export const exportTaxReport = (range: Required<ExportRange>) =>
  downloadFile(api.incentive["tax-report"].$get({ query: range }), `tax-report_${range.from}_${range.to}.csv`);
