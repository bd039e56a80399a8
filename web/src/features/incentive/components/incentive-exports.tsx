import { taxReportRangeError } from "@pli/api/public-contract";
import { ExportCsvButton } from "@/shared/ui/export-csv-button";
import { ExportRangePicker, useExportRange } from "@/shared/ui/export-range";
import { exportIncentives } from "../api/export-incentives";
import { exportTaxReport } from "../api/export-tax-report";
import { incentiveMessages } from "../messages";

/**
 * The incentive screen's exports over one picked range: 'Export CSV' (the spec's incentivelist.csv, the list's
 * search and status chip, every date without a range) and the tax report (payments and stake events with their USD, which needs both days, at most the
 * API's number of years apart).
 */
export function IncentiveExports({ q, status }: { q: string; status: string }) {
  const [range, setRange] = useExportRange();
  const { from, to } = range;
  return (
    <>
      <ExportRangePicker value={range} onChange={setRange} />
      <ExportCsvButton download={() => exportIncentives({ q, status }, range)} />
      <ExportCsvButton
        label={incentiveMessages.taxReport}
        unavailableBecause={
          !from || !to ? incentiveMessages.taxReportNeedsRange : (taxReportRangeError({ from, to }) ?? undefined)
        }
        download={() => exportTaxReport({ from: from!, to: to! })}
      />
    </>
  );
}
