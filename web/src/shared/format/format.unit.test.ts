import { describe, expect, it } from "vitest";
import { formatToken, formatTokenExact, shortAddress } from "./index";

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
    expect(shortAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe("0x7099…79C8");
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
