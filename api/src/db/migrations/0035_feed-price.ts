import type { Kysely } from "kysely";
import { createChainStandIn } from "../chain-stand-in.ts";

/** Stand-in for the indexer's `chain.feed_price` view, the price in force at each payment and stake block. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createChainStandIn(db, "feed_price", {
    block_number: "int8",
    feed: "text",
    round_id: "numeric(78, 0)",
    answer: "numeric(78, 0)",
    decimals: "integer",
    updated_at: "timestamptz",
  });
}

export async function down(): Promise<void> {}
