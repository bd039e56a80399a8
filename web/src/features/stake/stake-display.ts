import type { StakeResponse } from "@pli/api/public-contract";

type EventKind = StakeResponse["transaction"][number]["kind"];

/** How each chain event of a position is named in its history. */
export const EVENT_LABELS: Record<EventKind, string> = {
  stake: "Stake",
  topup: "Top-up",
  unlock: "Unlock",
  unstake: "Withdraw",
};

/** Texts of the stake screens that the API's contract does not carry. */
export const stakeMessages = {
  historyTitle: "Transaction History",
  unlock: "Unlock",
  noEvents: "No transactions yet.",
} as const;
