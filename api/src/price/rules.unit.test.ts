import { describe, expect, it } from "vitest";
import { parsePli } from "../shared/pli.ts";
import { centsText, isStale, usdCents, usdPerPli, usdText } from "./rules.ts";

const round = (answer: bigint, decimals = 8) => ({ answer, decimals });

describe("the USD value of a PLI amount", () => {
  it("is the amount times the price, to the cent", () => {
    expect(usdText(parsePli(1000), round(4_125_000n))).toBe("41.25");
    expect(usdText(parsePli("0.5"), round(4_000_000n))).toBe("0.02");
    expect(usdText(0n, round(4_000_000n))).toBe("0.00");
  });

  it("rounds half a cent up and less than half down", () => {
    // 1 PLI at $0.005 is exactly half a cent; one wei less is just under it.
    expect(usdCents(parsePli(1), 500_000n, 8)).toBe(1n);
    expect(usdCents(parsePli(1) - 1n, 500_000n, 8)).toBe(0n);
    // $0.125 and $0.135 exactly: both up (half up, not to even).
    expect(usdText(parsePli(1), round(12_500_000n))).toBe("0.13");
    expect(usdText(parsePli(1), round(13_500_000n))).toBe("0.14");
    expect(usdText(parsePli(1), round(12_499_999n))).toBe("0.12");
  });

  it("stays exact for 78-digit amounts and any feed's decimals", () => {
    const huge = 10n ** 77n + 123_456_789n;
    // 10^77 wei is 10^59 PLI; at $2 that is 2·10^59 USD, i.e. 2·10^61 cents, plus the 123456789 wei's share.
    expect(usdCents(huge, 2n * 10n ** 18n, 18)).toBe(2n * 10n ** 61n);
    expect(centsText(usdCents(huge, 2n * 10n ** 18n, 18))).toBe(`2${"0".repeat(59)}.00`);
    expect(usdText(parsePli(3), round(1n, 0))).toBe("3.00");
  });

  it("writes cents as dollars with two decimals", () => {
    expect(centsText(5n)).toBe("0.05");
    expect(centsText(123456n)).toBe("1234.56");
  });
});

describe("a price round", () => {
  it("reads as exact USD per PLI", () => {
    expect(usdPerPli(round(4_125_000n))).toBe("0.04125");
  });

  it("is stale once older than the configured age", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(isStale({ updatedAt: new Date("2026-11-25T12:00:00Z") }, now, 24)).toBe(false);
    expect(isStale({ updatedAt: new Date("2026-11-25T11:59:59Z") }, now, 24)).toBe(true);
  });
});
