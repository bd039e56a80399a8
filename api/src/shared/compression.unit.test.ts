import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, JsonBody } from "./compression.ts";

describe("the encoding an answer goes out in", () => {
  it("is brotli when accepted, else gzip, else none", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("br, gzip")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBeUndefined();
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding("")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it("follows the client's weights: q=0 refuses, * stands for the encodings not named", () => {
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("br;q=0, *")).toBe("gzip");
    expect(chooseEncoding("*;q=0")).toBeUndefined();
  });
});

describe("the encodings chosen for Accept-Encoding values seen before", () => {
  it("stay what each value asks for, however many other values came between", () => {
    for (let round = 0; round < 3; round++) {
      expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
      expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
      for (let other = 0; other < 200; other++)
        expect(chooseEncoding(`x-${other}, gzip;q=0.${round + 1}`)).toBe("gzip");
      expect(chooseEncoding("identity")).toBeUndefined();
    }
  });
});

describe("a JSON answer's compressed forms", () => {
  it("are made once per encoding and decompress to the answer", async () => {
    const text = JSON.stringify({ docs: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Node ${i}` })) });
    const body = new JsonBody(text);
    const br = await body.encoded("br");
    expect(await body.encoded("br")).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    const gzip = await body.encoded("gzip");
    expect(await body.encoded("gzip")).toBe(gzip);
    expect(gunzipSync(gzip).toString()).toBe(text);
    expect(br.length).toBeLessThan(body.bytes.length);
  });
});
