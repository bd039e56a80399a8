import { accruedMonthOf, monthText } from "@pli/api/public-contract";
import dayjs from "dayjs";

/** The month an incentive dated `date` (the 1st of the month after) was earned for, in words: 'November 2026'. */
export const earnedMonth = (date: string) => dayjs(`${monthText(accruedMonthOf(date))}-01`).format("MMMM YYYY");
