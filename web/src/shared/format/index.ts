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

/**
 * A token amount in wei with every decimal it has (none when whole), for figures whose difference must show: a total
 * next to the pool that pays it.
 */
export function formatTokenExact(wei: bigint, decimals = PLI_DECIMALS): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const unit = 10n ** BigInt(decimals);
  const fraction = (abs % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  const text = `${(abs / unit).toLocaleString("en-US")}${fraction ? `.${fraction}` : ""}`;
  return negative ? `-${text}` : text;
}

/** 0x1234…abcd */
export const shortAddress = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
