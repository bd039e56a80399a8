/**
 * The messages of an export's date range (gathered in COMMON_MESSAGES: several exports take one). Kept apart from the
 * range's schema so the web's first screen, which reads COMMON_MESSAGES, does not load zod.
 */
/**
 * The days a range may name: none before 1970 (before any chain the portal reads) and none whose next midnight (the
 * range's end) leaves the four-digit years.
 */
export const FIRST_RANGE_DAY = "1970-01-01";
export const LAST_RANGE_DAY = "9999-12-30";

export const DATE_RANGE_MESSAGES = {
  rangeBadDate: "Enter a date as YYYY-MM-DD",
  rangeDayReversed: "The last day comes before the first day",
  rangeDayRequired: "Enter the first and the last day of the report",
  rangeDayOutOfBounds: `Enter a day from ${FIRST_RANGE_DAY} to ${LAST_RANGE_DAY}`,
} as const;
