import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import relativeTime from "dayjs/plugin/relativeTime";

// Date pickers read what is typed in DATE_FORMATS.list (DD-MM-YYYY), which dayjs parses only with this plugin.
dayjs.extend(customParseFormat);
dayjs.extend(relativeTime);

/** Date formats of spec section 9, in one place. */
export const DATE_FORMATS = {
  list: "DD-MM-YYYY",
  operatorDashboard: "DD-MM-YYYY h:mm:ss a",
  adminDashboard: "MMM D, YYYY h:mm A",
  /** The admin dashboard's month, day and year for a date that has no time of day (an incentive's date). */
  adminDashboardDay: "MMM D, YYYY",
  paymentKey: "DDMMYYYY",
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;

/** A date (ISO text, Date or epoch ms) in one of the spec's formats; '-' when missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined, format: DateFormat = "list"): string {
  if (value === null || value === undefined || value === "") return "-";
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMATS[format]) : "-";
}

/** How long before `now` a time was, in words ('12 minutes ago'); '-' when missing or invalid. */
export function formatAgo(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return "-";
  const date = dayjs(value);
  return date.isValid() ? date.from(now) : "-";
}

/** A month (YYYY-MM) in words, as an incentive names the month it was earned for: 'November 2026'. */
export const formatMonth = (month: string) => dayjs(`${month}-01`).format("MMMM YYYY");
