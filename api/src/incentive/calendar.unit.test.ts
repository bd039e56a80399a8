import { describe, expect, it } from "vitest";
import { accrualDateOf, accruedMonthOf, dateKeyOf, dateOfKey, lastFinishedMonth, nextPaymentDate } from "./calendar.ts";

const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);

describe("incentive dates", () => {
  it("dates a month's row the first of the next month, keyed on chain as YYYYMMDD", () => {
    expect(accrualDateOf({ year: 2027, month: 3 })).toBe("2027-04-01");
    expect(accrualDateOf({ year: 2027, month: 12 })).toBe("2028-01-01");
    expect(accruedMonthOf("2028-01-01")).toEqual({ year: 2027, month: 12 });
    expect(dateKeyOf("2028-01-01")).toBe(20280101);
    expect(dateOfKey(20280101)).toBe("2028-01-01");
    expect(dateOfKey("20270401")).toBe("2027-04-01");
  });

  it("the last finished month is the one before the current UTC month", () => {
    expect(lastFinishedMonth(new Date("2027-04-01T00:00:00Z"))).toEqual({ year: 2027, month: 3 });
    expect(lastFinishedMonth(new Date("2027-03-31T23:59:59Z"))).toEqual({ year: 2027, month: 2 });
    expect(lastFinishedMonth(new Date("2027-01-15T00:00:00Z"))).toEqual({ year: 2026, month: 12 });
  });

  it("the next payment date is the date plus 30 days, ~ once past", () => {
    expect(nextPaymentDate("2027-04-01", at("2027-04-20"))).toBe("2027-05-01");
    expect(nextPaymentDate("2027-02-01", at("2027-02-20"))).toBe("2027-03-03");
    expect(nextPaymentDate("2027-04-01", new Date("2027-05-01T00:00:00Z"))).toBe("2027-05-01");
    expect(nextPaymentDate("2027-04-01", new Date("2027-05-01T23:59:59.999Z")), "due today, not past").toBe(
      "2027-05-01",
    );
    expect(nextPaymentDate("2027-04-01", new Date("2027-05-02T00:00:00Z"))).toBe("~");
    expect(nextPaymentDate("2027-04-01", at("2027-05-02"))).toBe("~");
  });
});
