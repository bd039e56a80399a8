import { formatUnits, parseUnits } from "viem";
import { PLI_DECIMALS } from "../public-contract/domain.ts";

/** PLI's decimals live with the contract's constants (public-contract/domain.ts), which first screens read without viem. */
export { PLI_DECIMALS };

/** Wei in one PLI. */
export const WEI_PER_PLI = 10n ** BigInt(PLI_DECIMALS);

/** A PLI amount as a form takes it: whole PLI or up to PLI_DECIMALS decimals, no sign or exponent. */
export const PLI_AMOUNT = new RegExp(`^\\d{1,30}(\\.\\d{1,${PLI_DECIMALS}})?$`);

/** PLI ("50000", "0.5", 2500) as wei; throws on text that is not a decimal number. */
export const parsePli = (pli: string | number) => parseUnits(String(pli), PLI_DECIMALS);

/** A wei amount as PLI text without trailing zeros ("50000", "0.5"). */
export const pliText = (wei: bigint) => formatUnits(wei, PLI_DECIMALS);

/** Whole PLI in groups of three digits after the first, separated by commas ("1,250,000"), then any decimals. */
const THOUSANDS_GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * An amount field's text as wei; null when it is not a PLI amount (PLI_AMOUNT). Commas are read as thousands
 * separators only where they group the whole PLI by three: a comma written as a decimal point ("1,5", as phones in
 * many countries offer it) is no amount, rather than fifteen PLI.
 */
export function parsePliAmount(text: string): bigint | null {
  const trimmed = text.trim();
  if (trimmed.includes(",") && !THOUSANDS_GROUPED.test(trimmed)) return null;
  const value = trimmed.replaceAll(",", "");
  return PLI_AMOUNT.test(value) ? parsePli(value) : null;
}
