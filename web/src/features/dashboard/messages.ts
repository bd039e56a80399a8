/** Texts of the dashboards that the API's contract does not carry. */
export const dashboardMessages = {
  noStake: "No stake yet. The stake you hold at each month's end shows here once a node is staked.",
  noIncentives: "No incentives yet. Each month's incentives show here under the month they were earned.",
  noPayouts: "No payouts yet. What the chain pays out shows here by the month it was paid.",
  firstStepsTitle: "Your way to a first stake",
  firstStepsDescription: "Four steps from a new account to earning incentives. You are on the highlighted one.",
  steps: [
    { label: "Add a node", description: "Register your validator node: its addresses, server and IP." },
    { label: "Wait for approval", description: "An admin reviews the node; My Nodes shows its status." },
    { label: "Request to stake", description: "On My Nodes, choose Stake on the approved node and send the request." },
    { label: "Stake", description: "Once the request is approved, deposit PLI on the node's staking page." },
  ],
  stoppedTitle: (count: number) => (count === 1 ? "A node stopped answering" : `${count} nodes stopped answering`),
  stoppedBody: "The monitor's last checks went unanswered: check that the server and its node are running.",
  stoppedLastAnswer: "last answer",
  stoppedNoAnswer: "no answer in the last 30 days",
  openMyNodes: "Open My Nodes",
  requestWaiting: "Your stake request is waiting for an admin's approval.",
} as const;
