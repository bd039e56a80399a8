/**
 * The incentive calendar (spec 9, issue 11), pure: UTC months, the days they hold, the date an
 * incentive row carries and its on-chain date key, and the next payment date. Days are UTC calendar
 * days written YYYY-MM-DD.
 */

/** Spec 9: the next payment is due this many days after an incentive's date. */
export const NEXT_PAYMENT_DAYS = 30;
/** What the list shows for a next payment date already past. */
export const NEXT_PAYMENT_PAST = "~";

export const DAY_MS = 86_400_000;

/** A UTC calendar month; `month` is 1 to 12. */
export interface Month {
  year: number;
  month: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayText = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export const daysInMonth = ({ year, month }: Month) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const monthOf = (at: Date): Month => ({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 });
export const nextMonth = ({ year, month }: Month): Month =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
export const monthStart = ({ year, month }: Month) => new Date(Date.UTC(year, month - 1, 1));
export const monthText = ({ year, month }: Month) => `${pad(year, 4)}-${pad(month)}`;
export const compareMonths = (a: Month, b: Month) => a.year - b.year || a.month - b.month;

/** The days of `month`, YYYY-MM-DD. */
export const daysOf = (month: Month) =>
  Array.from({ length: daysInMonth(month) }, (_, i) => dayText(month.year, month.month, i + 1));

/** An incentive row's date: the first day of the month after the one it accrues for. */
export const accrualDateOf = (month: Month) => {
  const next = nextMonth(month);
  return dayText(next.year, next.month, 1);
};

/** The month an incentive dated `date` (YYYY-MM-DD, a first of the month) accrued for. */
export function accruedMonthOf(date: string): Month {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The last month whose incentives are due at `now`: the month before the current UTC month. */
export const lastFinishedMonth = (now: Date): Month =>
  accruedMonthOf(dayText(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** The on-chain key of a row's date: YYYY-MM-DD as the integer YYYYMMDD (payRewards' `dates`). */
export const dateKeyOf = (date: string) => Number(date.replaceAll("-", ""));
export const dateOfKey = (key: number | string) => {
  const text = String(key).padStart(8, "0");
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
};

/**
 * The latest incentive date whose payment date (NEXT_PAYMENT_DAYS after it) has come by `now`, in UTC days: an unpaid
 * incentive dated this day or earlier is due (the admin's Needs action count and the list's due filter).
 */
export const dueCutoff = (now: Date) => new Date(now.getTime() - NEXT_PAYMENT_DAYS * DAY_MS).toISOString().slice(0, 10);

/** When an incentive dated `date` (YYYY-MM-DD) is paid: the spec's 30 days after its date, YYYY-MM-DD. */
export const paymentDueOf = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + NEXT_PAYMENT_DAYS * DAY_MS).toISOString().slice(0, 10);

/**
 * Spec 2 and 9: an incentive's next payment date is its date plus 30 days, shown as ~ once past: from the day after
 * (UTC), the date itself being the day it is due.
 */
export function nextPaymentDate(date: string, now: Date): string {
  const next = paymentDueOf(date);
  return Date.parse(`${next}T00:00:00Z`) + DAY_MS <= now.getTime() ? NEXT_PAYMENT_PAST : next;
}
