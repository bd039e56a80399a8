/** Texts of Safe mode shown on the admin screens whose chain actions become proposals. */
export const safeModeMessages = {
  openQueue: "Open the Safe queue",
  savedOnExecution: (status: string) =>
    `${status} is saved by the portal when the Safe transaction executes: nothing more to do here.`,
  statusOnExecution:
    "Safe mode: Approved is proposed to the Safe, and the portal saves it when the Safe transaction executes.",
  safeBalance: "Safe's PLI balance",
  fundSafe: "Fund the Safe at",
  depositHint:
    "The Safe approves exactly this amount and deposits it into the reward pool from its own PLI, in one Safe transaction, once enough owners confirm.",
} as const;
