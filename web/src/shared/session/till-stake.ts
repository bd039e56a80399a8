import { SIGNED_IN_RECORDS } from "./token-store";

/** The operator's total stake as last read from the API, cached locally as `tillStake` (spec section 7). */
const KEY = SIGNED_IN_RECORDS.tillStake;
export const tillStakeStore = {
  get: () => localStorage.getItem(KEY) ?? "0",
  set: (value: string) => localStorage.setItem(KEY, value),
};
