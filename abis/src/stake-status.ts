/** Status of a stake position as the chain knows it (spec section 4, stake status). */
export const STAKE_STATUS = {
  stake: "Stake",
  unlock: "Unlock",
  withdraw: "Withdraw",
} as const;

export type StakeStatus = (typeof STAKE_STATUS)[keyof typeof STAKE_STATUS];
