import { PLI_DECIMALS } from "@pli/api/public-contract";
import { parseUnits } from "viem";

const PLI_AMOUNT = new RegExp(`^\\d{1,30}(\\.\\d{1,${PLI_DECIMALS}})?$`);

/** The deposit field as wei: whole PLI or up to 18 decimals, thousands separators ignored; null when it is not an amount. */
export function parsePliAmount(text: string): bigint | null {
  const value = text.replaceAll(",", "").trim();
  return PLI_AMOUNT.test(value) ? parseUnits(value, PLI_DECIMALS) : null;
}
