/** The public network page's words. */
export const networkMessages = {
  intro: "The network's validator nodes and stakes, as the chain and the portal's node monitor show them.",
  totalStaked: "Total Staked",
  activeNodes: "Active Nodes",
  rewardPool: "Reward Pool",
  payoutsTitle: "Payouts per month",
  noPayouts: "No rewards have been paid out yet.",
  leaderboardTitle: "Node leaderboard",
  leaderboardDescription:
    "Active nodes by their reputation over the last 30 days, then by the share of the monitor's checks they answered. A node shows its name only where its operator chose to show it.",
  node: "Node",
  reputation: "Reputation (30 days)",
  uptime: "Uptime (30 days)",
  notYet: "Not yet",
  newNodesTitle: "New nodes",
  newNodesDescription:
    "Active nodes the monitor has no reputation for yet: they are ranked once their first day of checks is scored.",
} as const;
