import { z } from "zod";
import { DATE_RANGE_MESSAGES, FIRST_RANGE_DAY, LAST_RANGE_DAY } from "./date-range-messages.ts";

const DAY_MS = 86_400_000;

/**
 * Within FIRST_RANGE_DAY..LAST_RANGE_DAY: Postgres and JavaScript both read every instant in between; outside it a day
 * of year 0 or the midnight after 9999-12-31 failed in the database after the export had started.
 */
const inBounds = (value: string) => value >= FIRST_RANGE_DAY && value <= LAST_RANGE_DAY;

const day = z.iso
  .date({ error: DATE_RANGE_MESSAGES.rangeBadDate })
  .refine(inBounds, { error: DATE_RANGE_MESSAGES.rangeDayOutOfBounds });

/**
 * An export's optional range of whole UTC days: `from` its first day, `to` its last, both included. Without either
 * bound the export is what it was before ranges (its bytes unchanged).
 */
export const dayRangeShape = { from: day.optional(), to: day.optional() };

/** The same range with both days required (the tax report names them in its file name). */
const requiredDay = z.iso
  .date({
    error: (issue) =>
      issue.input === undefined ? DATE_RANGE_MESSAGES.rangeDayRequired : DATE_RANGE_MESSAGES.rangeBadDate,
  })
  .refine(inBounds, { error: DATE_RANGE_MESSAGES.rangeDayOutOfBounds });

export const requiredDayRangeShape = { from: requiredDay, to: requiredDay };

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** A range whose last day comes before its first is refused on `to` (ISO dates compare as text). */
export const dayRangeInOrder: [(range: DayRange) => boolean, { path: string[]; error: string }] = [
  (range) => !range.from || !range.to || range.from <= range.to,
  { path: ["to"], error: DATE_RANGE_MESSAGES.rangeDayReversed },
];

/** The instants of a range: its first UTC midnight, and the UTC midnight after its last day (excluded). */
export function dayRangeBounds(range: DayRange): { start?: Date; end?: Date } {
  return {
    ...(range.from ? { start: new Date(`${range.from}T00:00:00.000Z`) } : {}),
    ...(range.to ? { end: new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS) } : {}),
  };
}
