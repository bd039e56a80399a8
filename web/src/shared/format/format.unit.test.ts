import { describe, expect, it } from "vitest";
import { formatToken, shortAddress } from "./index";

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
