import { pliText } from "@pli/api/public-contract/display";
import dayjs from "dayjs";
import { abbreviate } from "./index";

/** A wei amount as a plain number of PLI, for chart scales only (figures shown as text stay exact). */
export const chartPli = (wei: string) => Number(pliText(BigInt(wei)));

/** A chart month (YYYY-MM) as its axis label: 'Jan 2027'. */
export const monthLabel = (month: string) => dayjs(`${month}-01`).format("MMM YYYY");

/** The unit of a chart's PLI values. */
export const CHART_UNIT = "PLI";

/** Chart values (PLI) on the axis and in the tooltip: 1.25K, 3.5M, 9.00 × 10⁵⁹. */
export const chartValue = (value: number) => `${abbreviate(value)} ${CHART_UNIT}`;
