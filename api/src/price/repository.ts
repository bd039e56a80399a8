import { sql, type Expression } from "kysely";
import type { Db } from "../db/database.ts";
import { usdCents, type PriceRound } from "./rules.ts";

/**
 * The reward payments of `wallet` (everybody's when undefined) from `since` on: PLI paid, its USD in cents (each payment
 * at the price kept for its block, rounded on its own as a tax report lists it), and how many had no price kept.
 * Payments of one amount at one price are valued once and counted.
 */
export async function paidSince(db: Db, wallet: string | undefined, since: Date) {
  let query = db
    .selectFrom("chain.reward_payment as p")
    .leftJoin("chain.feed_price as f", "f.block_number", "p.block_number")
    .select(["p.amount", "f.answer", "f.decimals", sql<string>`count(*)::text`.as("payments")])
    .where("p.block_time", ">=", since)
    .groupBy(["p.amount", "f.answer", "f.decimals"]);
  if (wallet) query = query.where("p.wallet", "=", wallet);
  const rows = await query.execute();
  let token = 0n;
  let cents = 0n;
  let unpriced = 0;
  for (const row of rows) {
    const payments = BigInt(row.payments);
    token += BigInt(row.amount) * payments;
    if (row.answer === null || row.decimals === null) unpriced += Number(payments);
    else cents += usdCents(BigInt(row.amount), BigInt(row.answer), row.decimals) * payments;
  }
  return { token, cents, unpriced };
}

/** The feed's round kept for a block (chain.feed_price): `answer` USD per PLI with `decimals` decimals. */
export interface KeptPrice {
  answer: string;
  decimals: number;
  round_id: string;
  updated_at: string;
}

/** The round in force at `block` as one JSON value (null when none was kept), beside the row it prices. */
export const keptPriceAt = (block: Expression<bigint>) => sql<KeptPrice | null>`(
  SELECT json_build_object('answer', fp.answer::text, 'decimals', fp.decimals, 'round_id', fp.round_id::text,
    'updated_at', fp.updated_at)
  FROM chain.feed_price AS fp WHERE fp.block_number = ${block}
)`;

/**
 * The round of the configured feed kept for `block` (chain.feed_price), or null: no feed configured (`feed`
 * undefined), the block not kept yet (the indexer still catching up) or kept for another feed.
 */
export async function priceAtBlock(db: Db, feed: string | undefined, block: bigint | string | number | null) {
  if (!feed || block === null) return null;
  const row = await db
    .selectFrom("chain.feed_price")
    .select(["round_id", "answer", "decimals", "updated_at"])
    .where("block_number", "=", BigInt(block))
    .where("feed", "=", feed.toLowerCase())
    .executeTakeFirst();
  if (!row) return null;
  const round: PriceRound = {
    roundId: BigInt(row.round_id),
    answer: BigInt(row.answer),
    decimals: row.decimals,
    updatedAt: new Date(row.updated_at),
  };
  return round;
}
