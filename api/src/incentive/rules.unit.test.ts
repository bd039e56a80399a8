import { describe, expect, it } from "vitest";
import { depositAmountError, INCENTIVE_RULE_MESSAGES } from "./rules.ts";

describe("deposits", () => {
  it("refuses a deposit of 0 or less", () => {
    expect(depositAmountError(0n)).toBe(INCENTIVE_RULE_MESSAGES.depositNotPositive);
    expect(depositAmountError(null)).toBe(INCENTIVE_RULE_MESSAGES.depositNotPositive);
    expect(depositAmountError(1n)).toBeNull();
  });
});
