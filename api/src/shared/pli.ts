import { formatUnits, parseUnits } from "viem";

/** PLI's decimals (the token's): one PLI is 10^18 wei. The one place the portal states it. */
export const PLI_DECIMALS = 18;
/** Wei in one PLI. */
export const WEI_PER_PLI = 10n ** BigInt(PLI_DECIMALS);

/** A PLI amount as a form takes it: whole PLI or up to PLI_DECIMALS decimals, no sign or exponent. */
export const PLI_AMOUNT = new RegExp(`^\\d{1,30}(\\.\\d{1,${PLI_DECIMALS}})?$`);

/** PLI ("50000", "0.5", 2500) as wei; throws on text that is not a decimal number. */
export const parsePli = (pli: string | number) => parseUnits(String(pli), PLI_DECIMALS);

/** A wei amount as PLI text without trailing zeros ("50000", "0.5"). */
export const pliText = (wei: bigint) => formatUnits(wei, PLI_DECIMALS);

/** An amount field's text as wei, thousands separators ignored; null when it is not a PLI amount (PLI_AMOUNT). */
export function parsePliAmount(text: string): bigint | null {
  const value = text.replaceAll(",", "").trim();
  return PLI_AMOUNT.test(value) ? parsePli(value) : null;
}

/** The zeros that pad an amount below one PLI to a whole digit before the point. */
const ZEROS = "0".repeat(PLI_DECIMALS + 1);

/**
 * A wei amount written as Postgres writes a numeric(78, 0) (decimal digits, no sign, no leading zeros)
 * as PLI text with every digit kept and trailing zeros trimmed: pliText's text ("50000", "0.5",
 * "0.000000000000000001") from string slices, without a BigInt (exports call it a million times).
 */
export function pliOfWei(wei: string): string {
  const digits = wei.length > PLI_DECIMALS ? wei : ZEROS.slice(wei.length) + wei;
  const point = digits.length - PLI_DECIMALS;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48) end--;
  return end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
}
