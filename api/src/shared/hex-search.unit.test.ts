import { describe, expect, it } from "vitest";
import { hexSearch } from "./hex-search.ts";

describe("hexSearch", () => {
  it("tells how a search can match a 0x hex value: never, by prefix (an index range) or anywhere", () => {
    expect(hexSearch("0xAB09")).toEqual({ kind: "prefix", from: "0xab09", to: "0xab0a", pattern: "0xab09%" });
    expect(hexSearch("xf")).toEqual({ kind: "prefix", from: "0xf", to: "0xg", pattern: "0xf%" });
    expect(hexSearch("0x")).toEqual({ kind: "prefix", from: "0x", to: "0y", pattern: "0x%" });
    expect(hexSearch("Dead42")).toEqual({ kind: "anywhere", pattern: "%dead42%" });
    for (const q of ["operator", "0x12g", "1x2", "a%", "_", "0x 1", "0xx"]) expect(hexSearch(q).kind).toBe("none");
  });

  it("bounds a prefix's range so that every string with the prefix, and no other, falls in it", () => {
    const search = hexSearch("0x1f9");
    if (search.kind !== "prefix") throw new Error("a prefix");
    const inRange = (value: string) => value >= search.from && value < search.to;
    for (const value of ["0x1f9", "0x1f90", "0x1f9fff"]) expect(inRange(value)).toBe(true);
    for (const value of ["0x1f8f", "0x1fa", "0x1fa0", "0x2"]) expect(inRange(value)).toBe(false);
  });
});
