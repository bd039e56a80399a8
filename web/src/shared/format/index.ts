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
/** Short figures round toward zero, as formatToken does: a chart or card never shows more PLI than there is. */
const compact = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 2,
  roundingMode: "trunc",
});
const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** '9.99 × 10⁵⁹' from the sign, the significant digits (the first three kept, the rest cut) and the exponent. */
function scientific(negative: boolean, digits: string, exponent: number): string {
  const power = [...String(exponent)].map((c) => (c === "-" ? "⁻" : SUPERSCRIPT_DIGITS[Number(c)])).join("");
  const kept = digits.padEnd(3, "0");
  return `${negative ? "-" : ""}${kept[0]}.${kept.slice(1, 3)} × 10${power}`;
}

/**
 * A number as a mantissa of 3 significant digits, cut toward zero, times a power of ten, as people write it:
 * '9.00 × 10⁵⁹'.
 */
export function powerOfTen(value: number): string {
  // 13 significant digits: a double's last digits are noise (9e59 is stored as 8.999999999999999…e59), not a figure.
  const [mantissa, exponent] = Math.abs(value).toExponential(12).split("e");
  return scientific(value < 0, mantissa!.replace(".", ""), Number(exponent));
}

/** A number short enough for a chart's axis or a card: 1.25K, 3.5M, 999T, then 9.00 × 10⁵⁹. */
export const abbreviate = (value: number): string =>
  Math.abs(value) < ABBREVIATE_FROM ? compact.format(value) : powerOfTen(value);

/**
 * formatToken, except that an amount of a quadrillion tokens or more (which no real balance reaches) is abbreviated
 * (9.00 × 10⁵⁹), so that it fits its box; `undefined` when the amount needs no abbreviation.
 */
export function abbreviatedToken(wei: bigint, decimals = PLI_DECIMALS): string | undefined {
  const whole = (wei < 0n ? -wei : wei) / 10n ** BigInt(decimals);
  if (whole < BigInt(ABBREVIATE_FROM)) return undefined;
  const digits = whole.toString();
  return scientific(wei < 0n, digits, digits.length - 1);
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
