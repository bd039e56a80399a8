import { PassThrough } from "node:stream";
import type { Connection } from "pg";
import { describe, expect, it } from "vitest";
import { CopyCsvOut, CopyOutDecoder } from "./copy-out.ts";

/** One backend message: its code, its length (counting itself) and `body`. */
const message = (code: string, body: string | Buffer = "") => {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const head = Buffer.alloc(5);
  head.write(code, 0, "latin1");
  head.writeUInt32BE(bytes.length + 4, 1);
  return Buffer.concat([head, bytes]);
};

/** What Postgres sends for a COPY TO STDOUT of `rows` (text format), and what comes after it. */
const answer = (rows: string[], after: Buffer[] = [message("c"), message("C", "COPY 2\0"), message("Z", "I")]) =>
  Buffer.concat([message("H", Buffer.from([0, 0, 1, 0, 0])), ...rows.map((row) => message("d", row)), ...after]);

/**
 * `bytes` read in pieces ending at `cuts`, each a buffer of its own as a socket read is (the decoder writes its lines
 * inside it): the lines decoded and the bytes handed back after the COPY.
 */
const decoded = (bytes: Buffer, cuts: number[] = []) => {
  const decoder = new CopyOutDecoder();
  const at = [0, ...cuts, bytes.length];
  const lines: Buffer[] = [];
  for (let i = 1; i < at.length; i++) {
    const read = decoder.decode(Buffer.from(bytes.subarray(at[i - 1], at[i])));
    lines.push(...read.lines);
    if (read.rest)
      return { lines: Buffer.concat(lines).toString(), rest: Buffer.concat([read.rest, bytes.subarray(at[i])]) };
  }
  return { lines: Buffer.concat(lines).toString(), rest: undefined };
};

describe("CopyOutDecoder", () => {
  it("turns each row into a CRLF line and hands back what follows CopyDone, wherever the reads end", () => {
    const bytes = answer(["a,b\n", "c,Mönthly ü\n"]);
    const after = Buffer.concat([message("c"), message("C", "COPY 2\0"), message("Z", "I")]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(decoded(bytes, [cut])).toEqual({ lines: "a,b\r\nc,Mönthly ü\r\n", rest: after });
    }
    for (const size of [1, 2, 3, 6, 7]) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / size) - 1 }, (_, i) => (i + 1) * size);
      expect(decoded(bytes, cuts)).toEqual({ lines: "a,b\r\nc,Mönthly ü\r\n", rest: after });
    }
  });

  it("turns COPY's escapes inside a line back into their bytes, wherever the reads end", () => {
    const rows = ['x,"line\\nbreak","say ""hi""\\r\\nok",\\ttab,back\\\\slash\n', 'y,"a,b"\n'];
    const expected = 'x,"line\nbreak","say ""hi""\r\nok",\ttab,back\\slash\r\ny,"a,b"\r\n';
    const bytes = answer(rows);
    for (let cut = 1; cut < bytes.length; cut++) expect(decoded(bytes, [cut]).lines).toBe(expected);
    for (let size = 1; size < 9; size++) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / size) - 1 }, (_, i) => (i + 1) * size);
      expect(decoded(bytes, cuts).lines).toBe(expected);
    }
  });

  it("skips a notice sent during the COPY and stops at an error, handing it back to pg", () => {
    const error = message("E", "SERROR\0Mcanceled\0\0");
    const bytes = answer(["a\n", "b\n"], [message("N", "SNOTICE\0\0"), message("d", "c\n"), error]);
    for (let cut = 1; cut < bytes.length; cut++)
      expect(decoded(bytes, [cut])).toEqual({ lines: "a\r\nb\r\nc\r\n", rest: error });
  });
});

describe("CopyCsvOut on a socket of its own kind (TLS)", () => {
  it("takes its data from pg, pauses it while the sink holds a read, and gives the rest back to pg", async () => {
    const stream = new PassThrough();
    const toPg: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => toPg.push(chunk));
    const sent: string[] = [];
    const held: { lines: string; release: () => void }[] = [];
    let ended = false;
    const copy = new CopyCsvOut("COPY (SELECT 1) TO STDOUT", {
      lines: (lines, release) => held.push({ lines: Buffer.concat(lines).toString(), release }),
      end: () => (ended = true),
      fail: (error) => {
        throw error;
      },
    });
    copy.submit({ stream, query: (text: string) => sent.push(text) } as unknown as Connection);
    expect(sent).toEqual(["COPY (SELECT 1) TO STDOUT"]);

    const after = Buffer.concat([message("c"), message("C", "COPY 2\0"), message("Z", "I")]);
    const bytes = answer(["a,b\n", "c\n"], [after]);
    const cut = bytes.indexOf("c\n") - 5;
    stream.write(bytes.subarray(0, cut));
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.map((read) => read.lines)).toEqual(["a,b\r\n"]);
    expect(stream.isPaused()).toBe(true);

    stream.write(bytes.subarray(cut));
    await new Promise((resolve) => setImmediate(resolve));
    expect(held).toHaveLength(1);
    held[0]!.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.map((read) => read.lines)).toEqual(["a,b\r\n", "c\r\n"]);
    expect(Buffer.concat(toPg)).toEqual(after);
    expect(stream.isPaused()).toBe(false);
    copy.handleCommandComplete();
    expect(ended).toBe(true);
  });
});
