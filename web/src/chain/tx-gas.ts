/** Gas limits of the spec (section 9): stake-limit updates, and every other chain action. */
export const GAS = { stakeLimits: 210_000n, standard: 2_100_000n } as const;
