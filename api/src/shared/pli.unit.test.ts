import { describe, expect, it } from "vitest";
import { parsePliAmount } from "./pli.ts";

describe("parsePliAmount (an amount field, such as Deposit PLI)", () => {
  it("reads whole PLI, decimals and thousands separators as wei", () => {
    expect(parsePliAmount("1000")).toBe(1000n * 10n ** 18n);
    expect(parsePliAmount(" 1,250.5 ")).toBe(1250n * 10n ** 18n + 5n * 10n ** 17n);
    expect(parsePliAmount("0.000000000000000001")).toBe(1n);
  });

  it("is no amount for text, signs, exponents or more than 18 decimals", () => {
    for (const text of ["", "abc", "-5", "1e3", "1.", ".5", "0.0000000000000000001"])
      expect(parsePliAmount(text)).toBeNull();
  });
});
