/** Texts of the node screens that the API's contract does not carry. */
export const nodeMessages = {
  listTitle: "Validator Nodes",
  addNode: "Add Node",
  confirmSubmit: "To submit the Node type yes and confirm",
  confirmUpdate: "To Update the Node Status type yes and confirm",
  whitelistTryAgain: "Try Again! Kindly Ensure you are connected to the right Wallet.",
  imageReuploadHint: "Re-upload only if mentioned by Admin",
  notApplicable: "NA",
  emptyNext:
    "Add your validator node to begin: an admin reviews it, and once it is approved you can request to stake on it.",
  healthTitle: "Health",
  stoppedAnswering: "Stopped answering",
  stoppedAnsweringDetail: (misses: number) =>
    `The monitor's last ${misses} checks of this node went unanswered: check that the server and its node are running.`,
  uptime24h: "Uptime (last 24 hours)",
  uptime30d: "Uptime (last 30 days)",
  uptimeShort: "Uptime 24 h",
  checksOf: (answered: number, checks: number) => `${answered} of ${checks} checks answered`,
  notCheckedYet: "Not checked yet",
  lastAnswer: "Last answer",
  noAnswer: "None in the last 30 days",
  missedToday: "Missed checks today (UTC)",
  reputation: "Reputation",
  deActivatedByAdmin: "De-Activated by an admin",
  bountyBadge: "Bounty invite",
  bountyMeaning: "The owner's email is on the Invites list: this node takes part in the bounty programme.",
  reputationScale: (scale: number, greenAbove: number) =>
    `Out of ${scale}: the share of checks answered each day over the last 30 days, averaged, times ${scale}. Green above ${greenAbove}. Shown for an Active or De-Active node with PLI staked on it.`,
} as const;
