import type { Deps } from "../app-env.ts";
import type { Db } from "../db/database.ts";
import { latestRound } from "./feed.ts";
import { paidSince, type KeptPrice } from "./repository.ts";
import { centsText, isStale, usdPerPli, usdText, type PriceRound } from "./rules.ts";
import type { DashboardUsd } from "./schema.ts";

/** A round as answers carry it. */
export const priceOf = (round: PriceRound) => ({
  usdPerPli: usdPerPli(round),
  roundId: round.roundId.toString(),
  updatedAt: round.updatedAt.toISOString(),
});

/** The feed's latest round with its staleness, or null (no feed configured, or unreadable). */
export async function latestPrice(deps: Pick<Deps, "config" | "chain" | "log">, now: Date) {
  const round = await latestRound(deps);
  return round
    ? { round, price: { ...priceOf(round), stale: isStale(round, now, deps.config.PRICE_FEED_MAX_AGE_HOURS) } }
    : null;
}

/** The dashboards' USD figures for `wallet` (everybody's when undefined); null without PRICE_FEED_ADDRESS. */
export async function dashboardUsd(
  deps: Pick<Deps, "config" | "chain" | "log">,
  db: Db,
  wallet: string | undefined,
  totals: { staked: bigint; unpaid: bigint },
  now: Date,
): Promise<DashboardUsd | null> {
  if (!deps.config.PRICE_FEED_ADDRESS) return null;
  const year = now.getUTCFullYear();
  const [latest, paid] = await Promise.all([
    latestPrice(deps, now),
    paidSince(db, wallet, new Date(Date.UTC(year, 0, 1))),
  ]);
  return {
    latestPrice: latest?.price ?? null,
    paidThisYear: { year, token: paid.token.toString(), usd: centsText(paid.cents), unpriced: paid.unpriced },
    unpaid: latest ? usdText(totals.unpaid, latest.round) : null,
    staked: latest ? usdText(totals.staked, latest.round) : null,
  };
}

/** A kept round read back as a PriceRound. */
export const roundOfKept = (kept: KeptPrice): PriceRound => ({
  roundId: BigInt(kept.round_id),
  answer: BigInt(kept.answer),
  decimals: kept.decimals,
  updatedAt: new Date(kept.updated_at),
});

/** `wei` PLI at the round kept for its block: the price and the USD value (to the cent), both null without one. */
export function valuedAt(kept: KeptPrice | null, wei: bigint) {
  if (!kept) return { price: null, usd: null };
  const round = roundOfKept(kept);
  return { price: priceOf(round), usd: usdText(wei, round) };
}
