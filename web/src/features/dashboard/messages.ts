/** Texts of the dashboards that the API's contract does not carry. */
export const dashboardMessages = {
  noStake: "No stake yet. The stake you hold at each month's end shows here once a node is staked.",
  noIncentives: "No incentives yet. Each month's incentives show here under the month they were earned.",
  noPayouts: "No payouts yet. What the chain pays out shows here by the month it was paid.",
} as const;
