import { formatUnits } from "viem";
import { WEI_PER_PLI } from "../shared/pli.ts";

/** A price feed round as the portal keeps it: `answer` USD per PLI with `decimals` decimals. */
export interface PriceRound {
  roundId: bigint;
  answer: bigint;
  decimals: number;
  updatedAt: Date;
}

/**
 * The USD value of `wei` PLI at `answer` (USD per PLI with `decimals` decimals), in whole cents: the exact product
 * in integer arithmetic, rounded to the cent half up (half a cent and more rounds up, less rounds down). The one place
 * the portal turns PLI into USD.
 */
export function usdCents(wei: bigint, answer: bigint, decimals: number): bigint {
  if (wei < 0n || answer < 0n) throw new RangeError("usdCents takes non-negative amounts and prices");
  const denominator = WEI_PER_PLI * 10n ** BigInt(decimals);
  return (wei * answer * 100n * 2n + denominator) / (denominator * 2n);
}

/** Whole cents as USD text with two decimals ("1234.56", "0.05"), as the answers carry USD. */
export const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;

/** USD text of `wei` PLI at a round. */
export const usdText = (wei: bigint, round: Pick<PriceRound, "answer" | "decimals">) =>
  centsText(usdCents(wei, round.answer, round.decimals));

/** The round's price as exact decimal text, USD per PLI ("0.04125"). */
export const usdPerPli = (round: Pick<PriceRound, "answer" | "decimals">) => formatUnits(round.answer, round.decimals);

/** A round older than `maxAgeHours` at `now` is stale: shown as such, never as the current price. */
export const isStale = (round: Pick<PriceRound, "updatedAt">, now: Date, maxAgeHours: number) =>
  now.getTime() - round.updatedAt.getTime() > maxAgeHours * 3_600_000;
