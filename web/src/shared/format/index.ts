import { LIMITS, PLI_DECIMALS } from "@pli/api/public-contract/constants";

/**
 * Whole numbers with thousands separators ('1,250,000'), exact at any size. One formatter for every figure:
 * `bigint.toLocaleString` builds a new one on each call (about 37 us against 1.3), and a dashboard formats hundreds.
 */
const grouped = new Intl.NumberFormat("en-US");

/**
 * A token amount in wei shown with at most 4 decimals, rounded down so a balance is never overstated;
 * `decimals` are PLI's by default, which native XDC shares.
 */
export function formatToken(wei: bigint, places: number = LIMITS.balanceDecimals, decimals = PLI_DECIMALS): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const fraction = ((abs % unit) * 10n ** BigInt(places)) / unit;
  const text = `${grouped.format(whole)}.${fraction.toString().padStart(places, "0")}`;
  return negative ? `-${text}` : text;
}

/**
 * From this many whole tokens (a quadrillion, more PLI than exist) an amount is abbreviated: its full figure (up to 78
 * digits in wei) would widen any card, cell or chart axis past the screen.
 */
const ABBREVIATE_FROM = 1e15;
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });
const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** A number as a mantissa of 3 significant digits times a power of ten, as people write it: '9.00 × 10⁵⁹'. */
export function powerOfTen(value: number): string {
  const [mantissa, exponent] = value.toExponential(2).split("e");
  const power = [...String(Number(exponent))].map((c) => (c === "-" ? "⁻" : SUPERSCRIPT_DIGITS[Number(c)])).join("");
  return `${mantissa} × 10${power}`;
}

/** A number short enough for a chart's axis or a card: 1.25K, 3.5M, 999T, then 9.00 × 10⁵⁹. */
export const abbreviate = (value: number): string =>
  Math.abs(value) < ABBREVIATE_FROM ? compact.format(value) : powerOfTen(value);

/**
 * formatToken, except that an amount of a quadrillion tokens or more (which no real balance reaches) is abbreviated
 * (9.00 × 10⁵⁹), so that it fits its box; `undefined` when the amount needs no abbreviation.
 */
export function abbreviatedToken(wei: bigint, decimals = PLI_DECIMALS): string | undefined {
  const whole = Number((wei < 0n ? -wei : wei) / 10n ** BigInt(decimals));
  return whole < ABBREVIATE_FROM ? undefined : powerOfTen(wei < 0n ? -whole : whole);
}

/** A count with thousands separators ('12,480'); '…' while it is not known yet. */
export const formatCount = (count: number | undefined) => (count === undefined ? "…" : grouped.format(count));

/**
 * A decimal figure given as text (a PLI amount as settings and the chain's limits hold it: '947000', '0.5') with
 * thousands separators and its decimals as they are: '947,000', '0.5'; text that is no such figure is left alone.
 */
export function groupDecimal(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text.trim());
  if (!match) return text;
  const [, sign = "", whole = "0", fraction = ""] = match;
  return `${sign}${grouped.format(BigInt(whole))}${fraction}`;
}

/** A score or reputation value with 2 decimals ('4.25'); '-' while there is none. */
export const formatScoreValue = (score: number | null) => (score === null ? "-" : score.toFixed(2));

/** A score out of a scale with 2 decimals: '4.25 / 5'. */
export const formatScore = (score: number, scale: number) => `${formatScoreValue(score)} / ${scale}`;

/**
 * A token amount in wei with every decimal it has (none when whole), for figures whose difference must show: a total
 * next to the pool that pays it.
 */
export function formatTokenExact(wei: bigint, decimals = PLI_DECIMALS): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const unit = 10n ** BigInt(decimals);
  const fraction = (abs % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  const text = `${grouped.format(abs / unit)}${fraction ? `.${fraction}` : ""}`;
  return negative ? `-${text}` : text;
}

/** 0x1234…abcd */
export const shortAddress = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;

/** A share (0..1) as a percentage, with one decimal unless it is whole ('25%', '33.3%'). */
export const percent = (ratio: number) => {
  const value = ratio * 100;
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
};
