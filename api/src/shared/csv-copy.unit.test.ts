import { describe, expect, it } from "vitest";
import { crlfLines } from "./csv-copy.ts";

/** COPY's output `text` cut into chunks at `cuts` (byte offsets) and converted chunk by chunk, as bytes. */
const converted = (text: string, cuts: number[] = []) => {
  const bytes = Buffer.from(text);
  const toCrlf = crlfLines();
  const at = [0, ...cuts, bytes.length];
  return Buffer.concat(at.slice(1).map((end, i) => toCrlf(bytes.subarray(at[i], end))));
};

describe("crlfLines", () => {
  it("ends every line with CRLF and keeps every other byte, text beyond ASCII too", () => {
    expect(converted("a,b\nc,Mönthly ü\n").toString()).toBe("a,b\r\nc,Mönthly ü\r\n");
    expect(converted("a,Mönthly ü\nb\n", [6, 7]).toString()).toBe("a,Mönthly ü\r\nb\r\n");
  });

  it("turns COPY's escapes inside a line back into their bytes, wherever the chunks end", () => {
    const copy = 'x,"line\\nbreak","say ""hi""\\r\\nok",\\ttab,back\\\\slash\ny,"a,b"\n';
    const expected = 'x,"line\nbreak","say ""hi""\r\nok",\ttab,back\\slash\r\ny,"a,b"\r\n';
    expect(converted(copy).toString()).toBe(expected);
    for (let cut = 1; cut < copy.length; cut++) expect(converted(copy, [cut]).toString()).toBe(expected);
    expect(converted(copy, [3, 8, 9, 20, 21, 30]).toString()).toBe(expected);
  });
});
