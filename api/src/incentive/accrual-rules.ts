import { DAY_MS, daysOf, monthStart, type Month } from "./calendar.ts";

/** The monthly accrual rule of issue 11, pure. Amounts are wei (bigint). */

/** A percentage as an exact fraction: "2.5" is 25/10. Throws on anything but a non-negative decimal. */
export function percentageFraction(percentage: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percentage.trim());
  if (!match) throw new Error(`Not a percentage: ${percentage}`);
  const decimals = match[2] ?? "";
  return { numerator: BigInt(`${match[1]}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

/** The incentive percentage from `from` on (a settings change). */
export interface RateChange {
  from: Date;
  percentage: string;
}

/** The percentage in force at `at`: the latest change at or before it (the earliest one when all are later). */
export function percentageAt(changes: readonly RateChange[], at: Date): string {
  if (changes.length === 0) throw new Error("No incentive percentage");
  const sorted = [...changes].sort((a, b) => a.from.getTime() - b.from.getTime());
  return (sorted.filter((change) => change.from.getTime() <= at.getTime()).at(-1) ?? sorted[0]!).percentage;
}

/** One stake event of a (wallet, node) position as the chain recorded it. */
export interface PositionEvent {
  kind: "stake" | "topup" | "unlock" | "unstake";
  /** The position's total once the event applied, wei. */
  totalAfter: bigint;
  at: Date;
}

/** A month's incentive of one position, or what makes it. */
export interface Accrual {
  /** Wei, rounded down once over the month. */
  token: bigint;
  /** Days in Stake at the day's end (the row exists only when there is at least one). */
  stakedDays: number;
  /** Staked days the node was active: the days that earn. */
  accruedDays: number;
  /** Inactive days of the node in the month (spec 3's inactiveCount). */
  inactiveCount: number;
  percentage: string;
}

/**
 * The monthly accrual rule (issue 11): for each day of `month` on which the position was in Stake at
 * the day's end (UTC) with a stake above 0 and the node was not inactive, the stake that day times the
 * percentage / 100 / days in the month. The percentage is the one in force at the month's end. Null
 * when the position was in Stake on no day of the month (no row); a month whose staked days were all
 * inactive gives a row of 0.
 */
export function accrueMonth({
  month,
  events,
  inactiveDays,
  rates,
}: {
  month: Month;
  events: readonly PositionEvent[];
  inactiveDays: ReadonlySet<string>;
  rates: readonly RateChange[];
}): Accrual | null {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const days = daysOf(month);
  const start = monthStart(month).getTime();
  let next = 0;
  let staked = false;
  let amount = 0n;
  let stakedDays = 0;
  let accruedDays = 0;
  let sum = 0n;
  days.forEach((day, i) => {
    const dayEnd = start + (i + 1) * DAY_MS;
    for (; next < sorted.length && sorted[next]!.at.getTime() < dayEnd; next++) {
      const event = sorted[next]!;
      staked = event.kind === "stake" || event.kind === "topup";
      amount = staked ? event.totalAfter : 0n;
    }
    if (!staked || amount <= 0n) return;
    stakedDays++;
    if (inactiveDays.has(day)) return;
    accruedDays++;
    sum += amount;
  });
  if (stakedDays === 0) return null;
  const percentage = percentageAt(rates, new Date(start + days.length * DAY_MS - 1));
  const { numerator, denominator } = percentageFraction(percentage);
  const token = (sum * numerator) / (denominator * 100n * BigInt(days.length));
  const inactiveCount = days.filter((day) => inactiveDays.has(day)).length;
  return { token, stakedDays, accruedDays, inactiveCount, percentage };
}
