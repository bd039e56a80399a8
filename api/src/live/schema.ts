import { z } from "zod";

export const LIVE_PATHS = { events: "/api/live" } as const;

/** What changed on the chain, by kind: the web app refreshes the matching lists and totals. */
export const LIVE_TOPICS = ["stake", "whitelist", "reward"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * A live event: the indexer has indexed up to `block`, and these topics changed for these wallets
 * (lowercase). Sent as an SSE `chain` event whose id is the block.
 */
export const liveEventSchema = z.object({ block: z.number().int(), topics: z.array(z.enum(LIVE_TOPICS)), wallets: z.array(z.string()) });
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const LIVE_EVENT_NAME = "chain";
