/** The payout chart's height, also held by its placeholder while the chart's code loads (no jump in the page). */
export const CHART_HEIGHT = 240;
