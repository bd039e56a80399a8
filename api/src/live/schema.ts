import { z } from "zod";
import { featureContract } from "../public-contract/feature.ts";
import { LIVE_PATHS } from "./paths.ts";

export { LIVE_EVENT_NAME, LIVE_PATHS } from "./paths.ts";

/** What changed on the chain, by kind: the web app refreshes the matching lists and totals. */
const CHAIN_TOPICS = ["stake", "whitelist", "reward", "limits"] as const;
/**
 * Topics that concern everybody (the stake limits every staking form applies, the site settings every page shows): an
 * event of these alone reaches every stream.
 */
export const PUBLIC_TOPICS: readonly LiveTopic[] = ["limits", "setting"];
/**
 * Which kind of portal record was created, reviewed, answered or deleted, or that the site settings changed (announced
 * by the database at commit).
 */
const REVIEW_TOPICS = ["node", "job", "request", "ticket", "setting"] as const;
export const LIVE_TOPICS = [...CHAIN_TOPICS, ...REVIEW_TOPICS] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The kind of record a database announcement names. */
export const reviewTopicSchema = z.enum(REVIEW_TOPICS);

/**
 * A live event: the indexer has indexed up to `block`, and these topics changed for these wallets
 * (lowercase). Sent as an SSE `chain` event whose id is the block (for a record's change: the newest
 * block announced so far). On an operator's stream, an event whose stakes changed for the operator's wallet also
 * carries `tillStake`, that wallet's new total in Stake or Unlock (wei, as GET /api/stake/getTotal answers it), so
 * the page shows it without asking; any other event leaves the page to refetch what its topics name.
 */
export const liveEventSchema = z.object({
  block: z.number().int(),
  topics: z.array(z.enum(LIVE_TOPICS)),
  wallets: z.array(z.string()),
  tillStake: z.string().regex(/^\d+$/).optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const LIVE_CONTRACT = featureContract({ live: LIVE_PATHS.events, livePublic: LIVE_PATHS.publicEvents });
