import { LIMITS, PLI_DECIMALS } from "@pli/api/public-contract";

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
  const text = `${whole.toLocaleString("en-US")}.${fraction.toString().padStart(places, "0")}`;
  return negative ? `-${text}` : text;
}

/** 0x1234…abcd */
export const shortAddress = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
