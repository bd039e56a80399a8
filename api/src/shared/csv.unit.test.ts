import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvStream } from "./csv.ts";

describe("CSV", () => {
  it("quotes cells holding a comma, quote or line break", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell("=HYPERLINK(\"x\",\"y\")")).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell("0x12")).toBe("0x12");
  });

  it("streams the header and then each row, CRLF-terminated", async () => {
    async function* rows() {
      yield { a: "1", b: "x,y" };
      yield { a: "2", b: null };
    }
    const text = await new Response(csvStream(["A", "B"], rows(), (row) => [row.a, row.b])).text();
    expect(text).toBe(`${csvLine(["A", "B"])}1,"x,y"\r\n2,\r\n`);
  });
});
