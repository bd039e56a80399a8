/** The settings page's words beyond the spec's (section heading, plain labels, the change confirmation). */
export const settingMessages = {
  stakingEconomics: "Staking economics",
  stakingEconomicsNote: "What operators stake and earn: the limits are the staking contract's, set from your wallet.",
  minimumStake: "Minimum Stake (PLI)",
  maximumStake: "Maximum Stake (PLI)",
  multiplyOf: "Stake in multiples of (PLI)",
  incentivePercentage: "Incentive percentage per month (%)",
  confirmEconomicsTitle: "Change the staking economics?",
  economicsChange: (label: string, from: string, to: string) => `${label}: ${from} → ${to}`,
  confirmEconomics: (changes: string[]) => `${changes.join("; ")}. Type yes and confirm`,
} as const;
