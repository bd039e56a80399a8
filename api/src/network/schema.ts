import { z } from "zod";
import { weiSchema } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

/** `root`: the public network figures, no sign-in; `listing`: whether the signed-in operator's node names show there. */
export const NETWORK_PATHS = {
  root: "/api/network",
  listing: "/api/network/listing",
} as const;

/** How many nodes the leaderboard ranks, and the months the payout chart covers (up to the current one). */
export const NETWORK_LIMITS = { leaderboard: 100, chartMonths: 12 } as const;

export const NETWORK_MESSAGES = {
  networkListingSaved: "Network Page Setting Updated Successfully",
  chooseShowNodeNames: "Choose whether your node names are shown",
} as const;

const month = z.string().regex(/^\d{4}-\d{2}$/);

/**
 * One node of the leaderboard: its name only when its operator chose to show it (else null, and the page shows the
 * address), its on-chain address, its 30-day reputation score (0..5) and the share of the monitor's checks of the last
 * 30 days it answered (0..1); null without any value or check.
 */
export const leaderboardNodeSchema = z.object({
  rank: z.number().int(),
  name: z.string().nullable(),
  nodeAddress: z.string(),
  reputation: z.number().nullable(),
  uptime: z.number().nullable(),
});
export type LeaderboardNode = z.infer<typeof leaderboardNodeSchema>;

/** The public network page's figures: nothing personal (no email, IP address, wallet or hidden name). */
export const networkSchema = z.object({
  /** The stake in Stake or Unlock on the chain, wei. */
  totalStaked: weiSchema,
  /** Nodes in status Active. */
  activeNodes: z.number().int(),
  /** The StakingRewards reward pool's balance as indexed, wei. */
  rewardPool: weiSchema,
  /** What the chain paid out in each month (reward payments by block time, UTC), wei, oldest first. */
  payouts: z.array(z.object({ month, amount: weiSchema })),
  /** Active nodes, best 30-day reputation first (then uptime), at most NETWORK_LIMITS.leaderboard. */
  leaderboard: z.array(leaderboardNodeSchema),
});
export type NetworkFigures = z.infer<typeof networkSchema>;

/** Whether the public network page shows the operator's node names (off: only their addresses). */
export const networkListingSchema = z
  .object({ showNodeNames: z.boolean({ error: NETWORK_MESSAGES.chooseShowNodeNames }) })
  .strict();
export type NetworkListingInput = z.infer<typeof networkListingSchema>;

export const networkListingSavedSchema = z.object({ message: z.string(), data: networkListingSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const NETWORK_CONTRACT = featureContract({ network: NETWORK_PATHS }, NETWORK_MESSAGES);
