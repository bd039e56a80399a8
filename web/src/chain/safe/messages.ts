/** Texts of Safe mode shown on the admin screens whose chain actions become proposals. */
export const safeModeMessages = {
  openQueue: "Open the Safe queue",
  safeBalance: "Safe's PLI balance",
  fundSafe: "Fund the Safe at",
  depositHint:
    "The Safe approves exactly this amount and deposits it into the reward pool from its own PLI, in one Safe transaction, once enough owners confirm.",
} as const;
