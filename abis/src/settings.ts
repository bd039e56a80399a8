/** Site settings a fresh installation starts with (spec section 3, Setting placeholders). */
export const DEFAULT_SETTINGS = {
  applicationName: "PLI Validator Portal",
  minimumStake: 50_000n,
  maximumStake: 1_000_000n,
  multiplyOf: 1_000n,
  incentivePercentage: "2.5",
} as const;
