import { accruedMonthOf, monthText } from "@pli/api/public-contract";
import { formatMonth } from "@/shared/format/dates";

/** The month an incentive dated `date` (the 1st of the month after) was earned for, in words: 'November 2026'. */
export const earnedMonth = (date: string) => formatMonth(monthText(accruedMonthOf(date)));
