import { describe, expect, it } from "vitest";
import { formatDate, formatMonth } from "./dates";

const at = new Date(2026, 10, 22, 15, 4, 5);

describe("formatDate", () => {
  it("shows the spec's formats", () => {
    expect(formatDate(at)).toBe("22-11-2026");
    expect(formatDate(at, "operatorDashboard")).toBe("22-11-2026 3:04:05 pm");
    expect(formatDate(at, "adminDashboard")).toBe("Nov 22, 2026 3:04 PM");
    expect(formatDate(at, "adminDashboardDay")).toBe("Nov 22, 2026");
    expect(formatDate(at, "paymentKey")).toBe("22112026");
  });

  it("reads ISO text and epoch milliseconds, and shows '-' for nothing or garbage", () => {
    expect(formatDate(at.toISOString())).toBe("22-11-2026");
    expect(formatDate(at.getTime())).toBe("22-11-2026");
    expect(formatDate(null)).toBe("-");
    expect(formatDate("not a date")).toBe("-");
  });
});

describe("formatMonth", () => {
  it("names the month an incentive was earned for in words", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
  });
});
