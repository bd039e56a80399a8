import { parseUnits } from "viem";
import { SIGNED_IN_RECORDS } from "./token-store";

/**
 * The operator's total stake as last read from the API (a PLI amount in decimal text), cached locally
 * as `tillStake` (spec section 7). Read as wei so it is shown like every other amount.
 */
const KEY = SIGNED_IN_RECORDS.tillStake;
export const tillStakeStore = {
  getWei(): bigint {
    try {
      return parseUnits(localStorage.getItem(KEY) ?? "0", 18);
    } catch {
      return 0n;
    }
  },
  set: (value: string) => localStorage.setItem(KEY, value),
};
