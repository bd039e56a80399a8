import { describe, expect, it } from "vitest";
import {
  abbreviate,
  abbreviatedToken,
  formatCount,
  formatScore,
  formatScoreValue,
  formatToken,
  formatTokenExact,
  groupDecimal,
  powerOfTen,
  shortAddress,
} from "./index";

describe("formatToken", () => {
  it("shows 4 decimals, rounding down, with thousands separators", () => {
    expect(formatToken(1234567891234567891234n)).toBe("1,234.5678");
    expect(formatToken(99999999999999999n)).toBe("0.0999");
    expect(formatToken(0n)).toBe("0.0000");
    expect(formatToken(5n * 10n ** 22n)).toBe("50,000.0000");
  });
});

describe("shortAddress", () => {
  it("keeps the start and end of an address", () => {
    expect(shortAddress("0xAbCdEf0123456789aBcDeF0123456789AbCdEf01")).toBe("0xAbCd…Ef01");
  });
});

describe("formatTokenExact", () => {
  it("keeps every decimal, and none for a whole amount", () => {
    expect(formatTokenExact(1234567891234567891234n)).toBe("1,234.567891234567891234");
    expect(formatTokenExact(1500n * 10n ** 18n + 1n)).toBe("1,500.000000000000000001");
    expect(formatTokenExact(5n * 10n ** 22n)).toBe("50,000");
    expect(formatTokenExact(0n)).toBe("0");
    expect(formatTokenExact(-1n)).toBe("-0.000000000000000001");
    expect(formatTokenExact(10n ** 77n + 1n)).toBe(`100${",000".repeat(19)}.000000000000000001`);
  });
});

describe("abbreviatedToken", () => {
  it("leaves real amounts alone and shortens one of 78 digits in wei to a few characters", () => {
    expect(abbreviatedToken(123_456_789_123_456_789_000_000_000n)).toBeUndefined();
    expect(abbreviatedToken(999_999_999_999_999n * 10n ** 18n)).toBeUndefined();
    expect(abbreviatedToken(9n * 10n ** 77n)).toBe("9.00 × 10⁵⁹");
    expect(abbreviatedToken(-(123_456n * 10n ** 70n))).toBe("-1.23 × 10⁵⁷");
    expect(abbreviatedToken(10n ** 78n - 1n)).toBe("9.99 × 10⁵⁹");
    expect(abbreviatedToken(1_239_999n * 10n ** 72n)).toBe("1.23 × 10⁶⁰");
  });
});

describe("abbreviate", () => {
  it("keeps a chart's axis labels short at any size", () => {
    expect(abbreviate(1_250_000)).toBe("1.25M");
    expect(abbreviate(999e12)).toBe("999T");
    expect(abbreviate(9e59)).toBe("9.00 × 10⁵⁹");
    expect(abbreviate(1.5e15)).toBe("1.50 × 10¹⁵");
  });

  it("never shows more than the figure: it cuts toward zero where a rounding would carry up", () => {
    expect(abbreviate(1_999.996)).toBe("1.99K");
    expect(abbreviate(0.996)).toBe("0.99");
    expect(abbreviate(999_999.5)).toBe("999.99K");
    expect(abbreviate(-1_999.996)).toBe("-1.99K");
    expect(abbreviate(9.999e59)).toBe("9.99 × 10⁵⁹");
  });
});

describe("powerOfTen", () => {
  it("writes a mantissa of 3 significant digits and a superscript exponent, never 9E59", () => {
    expect(powerOfTen(9e59)).toBe("9.00 × 10⁵⁹");
    expect(powerOfTen(1.23456e21)).toBe("1.23 × 10²¹");
    expect(powerOfTen(-4.5e-7)).toBe("-4.50 × 10⁻⁷");
  });
});

describe("groupDecimal", () => {
  it("groups a PLI figure given as text and keeps its decimals", () => {
    expect(groupDecimal("947000")).toBe("947,000");
    expect(groupDecimal("1250.5")).toBe("1,250.5");
    expect(groupDecimal("0.5")).toBe("0.5");
    expect(groupDecimal("900000000000000000000000000000000000000000000000000000000000")).toBe(
      `900${",000".repeat(19)}`,
    );
    expect(groupDecimal("n/a")).toBe("n/a");
  });
});

describe("formatCount and formatScore", () => {
  it("groups counts and shows a score against its scale", () => {
    expect(formatCount(12480)).toBe("12,480");
    expect(formatCount(undefined)).toBe("…");
    expect(formatScore(4.254, 5)).toBe("4.25 / 5");
    expect(formatScore(0, 5)).toBe("0.00 / 5");
  });

  it("shows a reputation value with 2 decimals, and '-' while there is none", () => {
    expect(formatScoreValue(3.5)).toBe("3.50");
    expect(formatScoreValue(null)).toBe("-");
  });
});
