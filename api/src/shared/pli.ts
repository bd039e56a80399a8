/** Whole wei in one PLI (18 decimals) and the zeros that pad a smaller amount to a whole digit before the point. */
const DECIMALS = 18;
const ZEROS = "0".repeat(DECIMALS + 1);

/**
 * A wei amount written as Postgres writes a numeric(78, 0) (decimal digits, no sign, no leading zeros)
 * as PLI text with every digit kept and trailing zeros trimmed: pliText's text ("50000", "0.5",
 * "0.000000000000000001") from string slices, without a BigInt (exports call it a million times).
 */
export function pliOfWei(wei: string): string {
  const digits = wei.length > DECIMALS ? wei : ZEROS.slice(wei.length) + wei;
  const point = digits.length - DECIMALS;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48) end--;
  return end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
}
