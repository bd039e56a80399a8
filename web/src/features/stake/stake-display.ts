/** Texts of the stake screens that the API's contract does not carry. */
export const stakeMessages = {
  historyTitle: "Transaction History",
  unlock: "Unlock",
  noEvents: "No transactions yet.",
  /** Beneath the spec's Total Stake (each transaction's own amount): the position's total once it applied. */
  stakedAfter: "Staked after",
} as const;
