import { z } from "zod";

/** USD with two decimals, rounded to the cent half up (price/rules.ts). */
export const usdSchema = z.string().regex(/^\d+\.\d{2}$/);

/** A PLI/USD round of the price feed as answers carry it. */
export const priceSchema = z.object({
  /** USD per PLI, exact decimal text. */
  usdPerPli: z.string(),
  roundId: z.string(),
  /** When the feed's round was observed, ISO time. */
  updatedAt: z.string(),
});

/** The feed's latest round, and whether it is older than PRICE_FEED_MAX_AGE_HOURS (then never shown as current). */
export const latestPriceSchema = priceSchema.extend({ stale: z.boolean() });

/**
 * The dashboards' USD beside their PLI totals; null without PRICE_FEED_ADDRESS. `paidThisYear` adds each payment of
 * the UTC year valued at the price in force at its block (`unpriced` payments had none kept and are left out of
 * `usd`); `unpaid` and `staked` are valued at the latest price, null while the feed cannot be read.
 */
export const dashboardUsdSchema = z.object({
  latestPrice: latestPriceSchema.nullable(),
  paidThisYear: z.object({
    year: z.number().int(),
    /** PLI paid this year, wei. */
    token: z.string().regex(/^\d+$/),
    usd: usdSchema,
    unpriced: z.number().int(),
  }),
  unpaid: usdSchema.nullable(),
  staked: usdSchema.nullable(),
});
export type DashboardUsd = z.infer<typeof dashboardUsdSchema>;
