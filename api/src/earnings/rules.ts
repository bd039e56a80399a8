import {
  accrualDateOf,
  accrueMonth,
  DAY_MS,
  daysInMonth,
  monthOf,
  monthText,
  paymentDueOf,
  type PositionEvent,
  type RateChange,
} from "../incentive/schema.ts";

/** The earnings figures computed from stake events and payments, pure. Amounts are wei (bigint). */

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export { paymentDueOf } from "../incentive/schema.ts";

/**
 * Stake times time staked in [from, to), in wei-milliseconds: the position earns from a stake or top-up until an
 * unlock or withdrawal, as the accrual counts it.
 */
export function stakeTime(events: readonly PositionEvent[], from: Date, to: Date): bigint {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  let amount = 0n;
  let since = from.getTime();
  let sum = 0n;
  const add = (until: number) => {
    if (until > since && amount > 0n) sum += amount * BigInt(until - since);
  };
  for (const event of sorted) {
    const at = Math.min(Math.max(event.at.getTime(), from.getTime()), to.getTime());
    add(at);
    since = Math.max(since, at);
    amount = event.kind === "stake" || event.kind === "topup" ? event.totalAfter : 0n;
  }
  add(to.getTime());
  return sum;
}

/**
 * Payments against the stake a whole year would hold (stake time / 365 days), in percent with two decimals,
 * rounded down; null without stake time.
 */
export function realisedYield(paid: bigint, weiMs: bigint, yearDays: number): string | null {
  if (weiMs === 0n) return null;
  const hundredths = (paid * BigInt(yearDays) * BigInt(DAY_MS) * 10_000n) / weiMs;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

/**
 * The running month of a position at `now`: what the accrual rule gives it if the stake stays as it is and no other
 * day turns inactive, and what the inactive days so far take off (the same rule without them, minus that).
 */
export function runningMonth({
  now,
  events,
  inactiveDays,
  rates,
}: {
  now: Date;
  events: readonly PositionEvent[];
  inactiveDays: ReadonlySet<string>;
  rates: readonly RateChange[];
}) {
  const month = monthOf(now);
  const today = isoDay(now);
  const soFar = new Set([...inactiveDays].filter((day) => day <= today && day.startsWith(monthText(month))));
  const withThem = rates.length ? accrueMonth({ month, events, inactiveDays: soFar, rates }) : null;
  const without = rates.length ? accrueMonth({ month, events, inactiveDays: new Set(), rates }) : null;
  const expected = withThem?.token ?? 0n;
  return {
    month: monthText(month),
    expected,
    deducted: (without?.token ?? 0n) - expected,
    inactiveDays: withThem ? soFar.size : 0,
    daysSoFar: now.getUTCDate(),
    daysInMonth: daysInMonth(month),
    paymentDue: paymentDueOf(accrualDateOf(month)),
  };
}
