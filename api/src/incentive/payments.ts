import { sql, type Kysely } from "kysely";
import { getIndexedProgress } from "../chain/views.ts";
import type { Database, Db } from "../db/database.ts";

/**
 * The payment matcher: the only writer of an incentive's paid columns. It copies each reward payment
 * the indexer has put in `chain.reward_payment` onto the row with the same (wallet, node, date key), again when a reorg
 * moved the same transaction to another block (the paid date and the price are that block's);
 * a payment without such a row is kept as an orphan for the admins. Paid status, tnxHash and paidDate
 * therefore come from the chain alone; whatever a browser says (the update hint) only asks for a run. The operators are
 * told of their payouts by the alert feature's scan (scanPayouts), once the payment's block has enough blocks on top.
 */

/** Blocks looked at again on each run, so a payment a shallow reorg took back is taken back here too. */
const REORG_WINDOW = 64;
export interface MatchResult {
  /** The block matched up to, null before the indexer has published its views. */
  block: number | null;
  matched: number;
  orphans: number;
}

type Executor = Kysely<Database>;

/** Payments whose row was accrued after them (or that a reorg took back) are set on the rows dated `date`. */
export async function applyPaymentsToDate(db: Executor, date: string) {
  await sql`
    UPDATE app.incentive AS i
    SET paid_tx = p.tx_hash, paid_at = p.block_time, paid_amount = p.amount, paid_block = p.block_number
    FROM chain.reward_payment AS p
    WHERE i.date = ${date}::date AND p.wallet = i.wallet AND p.node = i.node AND p.date_key = i.date_key
      AND (i.paid_tx, i.paid_block) IS DISTINCT FROM (p.tx_hash, p.block_number)
  `.execute(db);
  await sql`
    DELETE FROM app.incentive_orphan_payment AS o
    USING app.incentive AS i
    WHERE i.date = ${date}::date AND o.wallet = i.wallet AND o.node = i.node AND o.date_key = i.date_key
  `.execute(db);
}

/**
 * Matches the payments indexed since the last run (and the last REORG_WINDOW blocks again) to their
 * rows, in one transaction under a lock shared by every instance, and records the orphans. Cheap when nothing was
 * indexed since the last run.
 */
export async function matchPayments(db: Db): Promise<MatchResult> {
  const progress = await getIndexedProgress(db);
  if (progress === null) return { block: null, matched: 0, orphans: 0 };
  const indexed = progress.block;
  const synced = await db
    .selectFrom("app.incentive_payment_sync")
    .select(["block_number", "checkpoint"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  // The checkpoint moves with every change of the indexed rows, a reorg that leaves the indexed block where it was too.
  if (Number(synced.block_number) === indexed && synced.checkpoint === progress.checkpoint)
    return { block: indexed, matched: 0, orphans: 0 };
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('pli.incentive-payments'))`.execute(trx);
    const { block_number: last } = await trx
      .selectFrom("app.incentive_payment_sync")
      .select("block_number")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    const from = Math.max(-1, Math.min(Number(last), indexed) - REORG_WINDOW);
    await sql`
      UPDATE app.incentive AS i SET paid_tx = NULL, paid_at = NULL, paid_amount = NULL, paid_block = NULL
      WHERE i.paid_block > ${from} AND NOT EXISTS (
        SELECT FROM chain.reward_payment AS p WHERE p.wallet = i.wallet AND p.node = i.node AND p.date_key = i.date_key AND p.tx_hash = i.paid_tx
      )
    `.execute(trx);
    await sql`
      DELETE FROM app.incentive_orphan_payment AS o
      WHERE o.block_number > ${from} AND NOT EXISTS (
        SELECT FROM chain.reward_payment AS p WHERE p.wallet = o.wallet AND p.node = o.node AND p.date_key = o.date_key AND p.tx_hash = o.tx_hash
      )
    `.execute(trx);
    const { rows } = await sql<{ matched: string; orphans: string }>`
      WITH p AS (
        SELECT wallet, node, date_key, amount, tx_hash, block_number, block_time FROM chain.reward_payment
        WHERE block_number > ${from} AND block_number <= ${indexed}
      ), paid AS (
        UPDATE app.incentive AS i
        SET paid_tx = p.tx_hash, paid_at = p.block_time, paid_amount = p.amount, paid_block = p.block_number
        FROM p WHERE p.wallet = i.wallet AND p.node = i.node AND p.date_key = i.date_key
          AND (i.paid_tx, i.paid_block) IS DISTINCT FROM (p.tx_hash, p.block_number)
        RETURNING 1
      ), orphans AS (
        INSERT INTO app.incentive_orphan_payment (wallet, node, date_key, amount, tx_hash, block_number, block_time)
        SELECT p.wallet, p.node, p.date_key, p.amount, p.tx_hash, p.block_number, p.block_time FROM p
        WHERE NOT EXISTS (SELECT FROM app.incentive AS i WHERE i.wallet = p.wallet AND i.node = p.node AND i.date_key = p.date_key)
        ON CONFLICT (wallet, node, date_key) DO UPDATE SET amount = excluded.amount, tx_hash = excluded.tx_hash, block_number = excluded.block_number, block_time = excluded.block_time
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM paid)::text AS matched, (SELECT count(*) FROM orphans)::text AS orphans
    `.execute(trx);
    await trx
      .updateTable("app.incentive_payment_sync")
      .set({ block_number: BigInt(indexed), checkpoint: progress.checkpoint, updated_at: sql`now()` })
      .where("id", "=", 1)
      .execute();
    const counts = rows[0]!;
    return { block: indexed, matched: Number(counts.matched), orphans: Number(counts.orphans) };
  });
}
