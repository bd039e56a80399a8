import { describe, expect, it } from "vitest";
import { csvBatchLines, csvDate, csvLine } from "../shared/csv.ts";
import { pliText } from "../shared/pli.ts";
import { stakeIdOf } from "../stake/rules.ts";
import { EXPORT_COLUMNS, exportLine } from "./export.ts";
import type { IncentiveExportRow } from "./repository.ts";

const wallet = `0x${"ab".repeat(20)}`;
const node = `0x${"CD".repeat(20)}`;
const paid: IncentiveExportRow = {
  wallet,
  node,
  status: "Paid",
  token: "1250500000000000000000",
  type: "Monthly",
  paid_tx: `0x${"12".repeat(32)}`,
  paid_day: "2027-03-04",
  created_day: "2027-03-01",
};
const unpaid: IncentiveExportRow = {
  ...paid,
  status: "UnPaid",
  token: "1",
  paid_tx: null,
  paid_day: null,
  created_day: "2026-12-31",
};

/**
 * The line as the export wrote it before: every cell through csvLine, the token through pliText, days through csvDate.
 */
const cellByCell = (row: IncentiveExportRow) =>
  csvLine([
    row.wallet,
    stakeIdOf(row.wallet, row.node),
    row.status,
    pliText(BigInt(row.token)),
    row.type,
    row.paid_tx,
    csvDate(row.paid_day),
    csvDate(row.created_day),
  ]);

describe("exportLine", () => {
  it("writes spec 2's columns: the stake id lowercase, the token in PLI, days as DD-MM-YYYY, empty cells for an unpaid row", () => {
    expect(exportLine(paid)).toBe(
      `${wallet},${wallet}-${node.toLowerCase()},Paid,1250.5,Monthly,0x${"12".repeat(32)},04-03-2027,01-03-2027\r\n`,
    );
    expect(exportLine(unpaid)).toBe(
      `${wallet},${wallet}-${node.toLowerCase()},UnPaid,0.000000000000000001,Monthly,,,31-12-2026\r\n`,
    );
    expect(exportLine({ ...unpaid, token: "0" })).toContain(",UnPaid,0,Monthly,");
  });

  it("writes what the cell-by-cell line writes, formula signs neutralised and quotes, commas and line breaks quoted", () => {
    const odd = {
      ...paid,
      wallet: "=cmd",
      node: "-1",
      status: 'say "hi"',
      type: "a,b",
      paid_tx: "@x\r\ny",
      token: "123456789012345678901234567890",
    } as unknown as IncentiveExportRow;
    expect(exportLine(odd)).toBe(
      `'=cmd,'=cmd--1,"say ""hi""",123456789012.34567890123456789,"a,b","'@x\r\ny",04-03-2027,01-03-2027\r\n`,
    );
    for (const row of [paid, unpaid, odd, { ...paid, token: `9${"0".repeat(77)}` }])
      expect(exportLine(row)).toBe(cellByCell(row));
  });

  it("streams the header and then each batch's lines", async () => {
    async function* batches() {
      yield [paid];
      yield [];
      yield [unpaid, paid];
    }
    const text = await new Response(csvBatchLines(EXPORT_COLUMNS, batches(), exportLine)).text();
    expect(text).toBe(csvLine(EXPORT_COLUMNS) + exportLine(paid) + exportLine(unpaid) + exportLine(paid));
  });
});
