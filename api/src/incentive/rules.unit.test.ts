import { describe, expect, it } from "vitest";
import { parsePliAmount } from "../shared/pli.ts";
import { depositAmountError, INCENTIVE_RULE_MESSAGES, taxReportRangeError } from "./rules.ts";

describe("deposits", () => {
  it("refuses a deposit of 0 or less", () => {
    expect(depositAmountError(0n)).toBe(INCENTIVE_RULE_MESSAGES.depositNotPositive);
    expect(depositAmountError(null)).toBe(INCENTIVE_RULE_MESSAGES.depositNotPositive);
    expect(depositAmountError(1n)).toBeNull();
  });
});

describe("the Deposit PLI amount", () => {
  it("is refused with spec 5's message unless above 0", () => {
    expect(depositAmountError(parsePliAmount("0"))).toBe(INCENTIVE_RULE_MESSAGES.depositNotPositive);
    expect(depositAmountError(parsePliAmount("nothing"))).toBe(INCENTIVE_RULE_MESSAGES.depositNotPositive);
    expect(depositAmountError(parsePliAmount("0.5"))).toBeNull();
  });
});

describe("a tax report's range", () => {
  it("spans at most 3 years, its first and last day included, a leap day's anniversary too", () => {
    expect(taxReportRangeError({ from: "2024-01-01", to: "2026-12-31" })).toBeNull();
    expect(taxReportRangeError({ from: "2024-01-01", to: "2027-01-01" })).toBe(
      INCENTIVE_RULE_MESSAGES.taxReportTooLong,
    );
    expect(taxReportRangeError({ from: "2024-02-29", to: "2027-02-28" })).toBeNull();
    expect(taxReportRangeError({ from: "2024-02-29", to: "2027-03-01" })).toBe(
      INCENTIVE_RULE_MESSAGES.taxReportTooLong,
    );
    expect(taxReportRangeError({ from: "2024-07-15" })).toBeNull();
  });
});
