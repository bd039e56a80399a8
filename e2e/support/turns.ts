import path from "node:path";

/**
 * The browser files that run with no other file beside them, and why: each changes or counts what every file sees.
 * Every other browser file runs beside one other, each isolated by its fresh wallets and records.
 */
export const RUNS_ALONE: Record<string, string> = {
  "admin.browser.test.ts": "sets the contract's stake limits and the site settings, and counts every limit change",
  "staking.browser.test.ts": "lowers and raises the contract's stake limits while other files stake at the minimum",
  "staking-admin.browser.test.ts": "counts every stake request by status and sets the contract's maximum stake",
  "nodes.browser.test.ts": "runs the node monitor's rounds, which check and score every node",
  "incentives.browser.test.ts": "accrues incentives for every stake and checks the reward pool's exact totals",
};

/** Whether the browser file at `file` runs alone. */
export const runsAlone = (file: string) => path.basename(file) in RUNS_ALONE;
