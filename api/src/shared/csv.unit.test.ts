import { describe, expect, it } from "vitest";
import { csvBatchStream, csvCell, csvDate, csvLine, csvStream } from "./csv.ts";

describe("CSV", () => {
  it("quotes cells holding a comma, quote or line break", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
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

  it("writes a formula-injection row and a row with quotes, commas and line breaks so a spreadsheet reads them back as text", async () => {
    async function* rows() {
      yield ["=cmd|' /C calc'!A0", "@SUM(1+1)*cmd", "+1", "-2"];
      yield ['He said "stake", then left', "a,b,c", "line one\r\nline two", "0x00ab"];
    }
    const text = await new Response(csvStream(["One", "Two", "Three", "Four"], rows(), (row) => row)).text();
    expect(text).toBe(
      [
        "One,Two,Three,Four",
        `'=cmd|' /C calc'!A0,'@SUM(1+1)*cmd,'+1,'-2`,
        `"He said ""stake"", then left","a,b,c","line one\r\nline two",0x00ab`,
        "",
      ].join("\r\n"),
    );
  });

  it("sends the header at once and pulls rows only as the reader takes them, in chunks; cancelling ends the source", async () => {
    let produced = 0;
    let closed = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* rows() {
      try {
        await gate;
        for (;;) {
          produced++;
          yield { n: String(produced), text: "x".repeat(90) };
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(["N", "Text"], rows(), (row) => [row.n, row.text]).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("N,Text\r\n");
    expect(produced).toBe(0);
    release();
    const first = decoder.decode((await reader.read()).value);
    expect(first.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(first.length).toBeLessThan(64 * 1024 + 200);
    expect(first.endsWith("\r\n")).toBe(true);
    const rowsPerChunk = Math.ceil((64 * 1024) / first.split("\r\n")[0]!.length);
    expect(produced).toBeLessThanOrEqual(2 * rowsPerChunk + 1);
    await reader.read();
    expect(produced).toBeLessThanOrEqual(3 * rowsPerChunk + 1);
    await reader.cancel();
    expect(closed).toBe(true);
  });

  it("streams batches (a cursor's chunks) one chunk each, after the header, and ends the source when cancelled", async () => {
    let closed = false;
    async function* batches() {
      try {
        yield [{ a: "1" }, { a: "=2" }];
        yield [];
        yield [{ a: "3" }];
        yield [{ a: "never read" }];
      } finally {
        closed = true;
      }
    }
    const reader = csvBatchStream(["A"], batches(), (row) => [row.a]).getReader();
    const decoder = new TextDecoder();
    const chunks = [];
    for (let i = 0; i < 3; i++) chunks.push(decoder.decode((await reader.read()).value));
    expect(chunks).toEqual(["A\r\n", "1\r\n'=2\r\n", "3\r\n"]);
    await reader.cancel();
    expect(closed).toBe(true);
    const whole = await new Response(
      csvBatchStream(
        ["A"],
        (async function* () {
          yield [{ a: "x,y" }];
        })(),
        (row) => [row.a],
      ),
    ).text();
    expect(whole).toBe('A\r\n"x,y"\r\n');
  });

  it("shows dates as the lists do, DD-MM-YYYY in UTC", () => {
    expect(csvDate(new Date("2027-03-01T23:30:00Z"))).toBe("01-03-2027");
    expect(csvDate("2027-03-01")).toBe("01-03-2027");
    expect(csvDate(null)).toBeNull();
  });
});
