import { describe, expect, it } from "vitest";
import { parsePliAmount } from "./pli.ts";

describe("parsePliAmount (an amount field, such as Deposit PLI)", () => {
  it("reads whole PLI, decimals and thousands separators as wei", () => {
    expect(parsePliAmount("1000")).toBe(1000n * 10n ** 18n);
    expect(parsePliAmount(" 1,250.5 ")).toBe(1250n * 10n ** 18n + 5n * 10n ** 17n);
    expect(parsePliAmount("0.000000000000000001")).toBe(1n);
  });

  it("reads commas only as thousands separators: a comma written as a decimal point is no amount", () => {
    expect(parsePliAmount("12,345,678.9")).toBe(12_345_678n * 10n ** 18n + 9n * 10n ** 17n);
    expect(parsePliAmount("999,000")).toBe(999_000n * 10n ** 18n);
    for (const text of [
      "1,5",
      "0,5",
      "1000,5",
      "50000,000",
      "1,00",
      "1,0000",
      ",100",
      "1,000,00",
      "1,000.5,0",
      "1,,000",
    ])
      expect(parsePliAmount(text), text).toBeNull();
  });

  it("is no amount for text, signs, exponents or more than 18 decimals", () => {
    for (const text of ["", "abc", "-5", "1e3", "1.", ".5", "0.0000000000000000001"])
      expect(parsePliAmount(text)).toBeNull();
  });
});
