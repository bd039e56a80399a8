/**
 * The messages of an export's date range (gathered in COMMON_MESSAGES: several exports take one). Kept apart from the
 * range's schema so the web's first screen, which reads COMMON_MESSAGES, does not load zod.
 */
export const DATE_RANGE_MESSAGES = {
  rangeBadDate: "Enter a date as YYYY-MM-DD",
  rangeDayReversed: "The last day comes before the first day",
  rangeDayRequired: "Enter the first and the last day of the report",
  rangeDayOutOfBounds: "Enter a day from 1970-01-01 to 9999-12-30",
} as const;
