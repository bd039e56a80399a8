import { describe, expect, it } from "vitest";
import { parsePliAmount } from "../shared/pli.ts";
import { depositAmountError, INCENTIVE_RULE_MESSAGES } from "./rules.ts";

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
