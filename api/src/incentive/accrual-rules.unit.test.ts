import { describe, expect, it } from "vitest";
import { parsePli as pli } from "../shared/pli.ts";
import { accrueMonth, percentageAt, percentageFraction, type PositionEvent, type RateChange } from "./accrual-rules.ts";
import { daysInMonth, type Month } from "./calendar.ts";

const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);
const rates: RateChange[] = [{ from: new Date("2020-01-01T00:00:00Z"), percentage: "2.5" }];
const none = new Set<string>();
const MARCH: Month = { year: 2027, month: 3 };
const stake = (day: string, total: bigint, time?: string): PositionEvent => ({
  kind: "stake",
  totalAfter: total,
  at: at(day, time),
});
const topup = (day: string, total: bigint): PositionEvent => ({ kind: "topup", totalAfter: total, at: at(day) });
const unlock = (day: string, total: bigint): PositionEvent => ({ kind: "unlock", totalAfter: total, at: at(day) });
const unstake = (day: string): PositionEvent => ({ kind: "unstake", totalAfter: 0n, at: at(day) });
/** The expected token: the sum of each earning day's stake x 2.5 / 100 / days, rounded down once. */
const expected = (stakeDays: bigint, days: number, percent = { n: 25n, d: 10n }) =>
  (stakeDays * percent.n) / (percent.d * 100n * BigInt(days));

describe("the monthly accrual rule", () => {
  it("a position staked before the month and never inactive earns the full 2.5% of its stake", () => {
    const accrual = accrueMonth({
      month: MARCH,
      events: [stake("2027-02-10", pli(100_000))],
      inactiveDays: none,
      rates,
    });
    expect(accrual).toEqual({
      token: pli(2_500),
      stakedDays: 31,
      accruedDays: 31,
      inactiveCount: 0,
      percentage: "2.5",
    });
  });

  it("a mid-month stake earns from the first day it is in Stake at the day's end", () => {
    const accrual = accrueMonth({
      month: MARCH,
      events: [stake("2027-03-21", pli(62_000))],
      inactiveDays: none,
      rates,
    })!;
    expect(accrual.stakedDays).toBe(11);
    expect(accrual.token).toBe(expected(11n * pli(62_000), 31));
    const lastSecond = accrueMonth({
      month: MARCH,
      events: [stake("2027-03-31", pli(62_000), "23:59:59")],
      inactiveDays: none,
      rates,
    })!;
    expect(lastSecond.stakedDays).toBe(1);
    expect(
      accrueMonth({ month: MARCH, events: [stake("2027-04-01", pli(62_000), "00:00:00")], inactiveDays: none, rates }),
    ).toBeNull();
  });

  it("a top-up counts from its day on", () => {
    const accrual = accrueMonth({
      month: MARCH,
      events: [stake("2027-01-05", pli(50_000)), topup("2027-03-11", pli(80_000))],
      inactiveDays: none,
      rates,
    })!;
    expect(accrual.token).toBe(expected(10n * pli(50_000) + 21n * pli(80_000), 31));
  });

  it("an unlock stops the accrual from its day; a withdrawal and a new stake start it again", () => {
    const unlocked = accrueMonth({
      month: MARCH,
      events: [stake("2027-01-05", pli(50_000)), unlock("2027-03-06", pli(50_000))],
      inactiveDays: none,
      rates,
    })!;
    expect(unlocked).toMatchObject({ stakedDays: 5, token: expected(5n * pli(50_000), 31) });
    const restaked = accrueMonth({
      month: MARCH,
      events: [
        stake("2027-01-05", pli(50_000)),
        unlock("2027-03-06", pli(50_000)),
        unstake("2027-03-10"),
        stake("2027-03-27", pli(70_000)),
      ],
      inactiveDays: none,
      rates,
    })!;
    expect(restaked).toMatchObject({ stakedDays: 10, token: expected(5n * pli(50_000) + 5n * pli(70_000), 31) });
    expect(
      accrueMonth({
        month: MARCH,
        events: [stake("2027-01-05", pli(50_000)), unlock("2027-02-06", pli(50_000)), unstake("2027-02-10")],
        inactiveDays: none,
        rates,
      }),
    ).toBeNull();
  });

  it("no stake, or a stake of 0, makes no row", () => {
    expect(accrueMonth({ month: MARCH, events: [], inactiveDays: none, rates })).toBeNull();
    expect(accrueMonth({ month: MARCH, events: [stake("2027-02-01", 0n)], inactiveDays: none, rates })).toBeNull();
  });

  it("inactive days earn nothing and are counted; every day inactive gives a row of 0", () => {
    const inactive = new Set(["2027-03-02", "2027-03-03", "2027-04-01", "2027-02-28"]);
    const accrual = accrueMonth({
      month: MARCH,
      events: [stake("2027-02-10", pli(100_000))],
      inactiveDays: inactive,
      rates,
    })!;
    expect(accrual).toMatchObject({
      stakedDays: 31,
      accruedDays: 29,
      inactiveCount: 2,
      token: expected(29n * pli(100_000), 31),
    });
    const allDown = new Set(Array.from({ length: 31 }, (_, i) => `2027-03-${String(i + 1).padStart(2, "0")}`));
    expect(
      accrueMonth({ month: MARCH, events: [stake("2027-02-10", pli(100_000))], inactiveDays: allDown, rates }),
    ).toMatchObject({ token: 0n, stakedDays: 31, accruedDays: 0, inactiveCount: 31 });
    const beforeStake = accrueMonth({
      month: MARCH,
      events: [stake("2027-03-20", pli(100_000))],
      inactiveDays: new Set(["2027-03-05"]),
      rates,
    })!;
    expect(beforeStake).toMatchObject({ stakedDays: 12, accruedDays: 12, inactiveCount: 1 });
  });

  it("divides by the days of each month: 28, 29, 30 and 31", () => {
    for (const [month, days] of [
      [{ year: 2027, month: 2 }, 28],
      [{ year: 2028, month: 2 }, 29],
      [{ year: 2027, month: 4 }, 30],
      [{ year: 2027, month: 12 }, 31],
    ] as const) {
      expect(daysInMonth(month)).toBe(days);
      const full = accrueMonth({ month, events: [stake("2026-12-01", pli(100_000))], inactiveDays: none, rates })!;
      expect(full).toMatchObject({ stakedDays: days, token: pli(2_500) });
      const lastWeek = accrueMonth({
        month,
        events: [stake(`${month.year}-${String(month.month).padStart(2, "0")}-${days - 6}`, pli(100_000), "00:00:00")],
        inactiveDays: none,
        rates,
      })!;
      expect(lastWeek.token).toBe(expected(7n * pli(100_000), days));
    }
  });

  it("uses the percentage in force at the month's end when it changed mid-month", () => {
    const changed: RateChange[] = [
      ...rates,
      { from: at("2027-03-15"), percentage: "3" },
      { from: at("2027-04-01", "00:00:00"), percentage: "1" },
    ];
    const accrual = accrueMonth({
      month: MARCH,
      events: [stake("2027-02-10", pli(100_000))],
      inactiveDays: none,
      rates: changed,
    })!;
    expect(accrual).toMatchObject({ percentage: "3", token: pli(3_000) });
    expect(
      accrueMonth({
        month: { year: 2027, month: 4 },
        events: [stake("2027-02-10", pli(100_000))],
        inactiveDays: none,
        rates: changed,
      })!.token,
    ).toBe(pli(1_000));
  });

  it("rounds down once over the month, never per day", () => {
    const accrual = accrueMonth({
      month: MARCH,
      events: [stake("2027-02-10", 7n)],
      inactiveDays: none,
      rates: [{ from: at("2020-01-01"), percentage: "33.333" }],
    })!;
    expect(accrual.token).toBe((31n * 7n * 33_333n) / (1_000n * 100n * 31n));
  });
});

describe("percentages", () => {
  it("reads a decimal percentage as an exact fraction and refuses anything else", () => {
    expect(percentageFraction("2.5")).toEqual({ numerator: 25n, denominator: 10n });
    expect(percentageFraction("3")).toEqual({ numerator: 3n, denominator: 1n });
    expect(() => percentageFraction("-1")).toThrow();
    expect(() => percentageFraction("1e2")).toThrow();
  });

  it("the percentage at a time is the latest change at or before it", () => {
    const changes = [
      { from: at("2027-01-01"), percentage: "2.5" },
      { from: at("2027-02-01"), percentage: "3" },
    ];
    expect(percentageAt(changes, at("2027-01-31"))).toBe("2.5");
    expect(percentageAt(changes, at("2027-02-01"))).toBe("3");
    expect(percentageAt(changes, at("2026-01-01"))).toBe("2.5");
  });
});
