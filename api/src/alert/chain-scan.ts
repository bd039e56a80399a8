import { sql } from "kysely";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import { PAYOUT_MAIL_KIND, payoutEventKeySql, recordIncentivePaidAlerts, recordStakeUnlockAlerts } from "./events.ts";
import { ALERT_KIND } from "./rules.ts";

/**
 * The alerts about chain events (a stake unlocked, an incentive paid), each told once its block has `confirmations`
 * blocks on top (CHAIN_ALERT_CONFIRMATIONS): an operator is never told of an event a reorg may still take back. Each
 * kind has a scan position in `app.alert_scan`; an event is keyed in the outboxes, so scans that overlap (or two
 * instances at once) record it once.
 */

/** The scan positions of `app.alert_scan`, one per kind of chain event told. */
const SCAN_SOURCE = { stakeUnlocked: ALERT_KIND.stakeUnlocked, incentivePaid: PAYOUT_MAIL_KIND } as const;

/**
 * Blocks scanned again each time, so an event the indexer replaced in a reorg deeper than the confirmations is still
 * found. An event already told (its mail is in the outbox, keyed by the event) is passed over, so the blocks scanned
 * again cost one lookup of the outbox's key each.
 */
const REORG_MARGIN_BLOCKS = 32;

/** A payout indexed longer ago than this (a history caught up) is matched without telling its operator. */
const PAYOUT_ALERT_MAX_AGE_MS = 3 * 86_400_000;

/**
 * The blocks a scan covers this time: after its position (less the margin) up to `to`; `since`, when the scan's kind was
 * first told (the unlocks a portal tells are those after it started telling them).
 */
interface ScanRange {
  from: number;
  to: number;
  since: Date;
}

/**
 * Runs `record` over the blocks the scan of `source` has not covered, up to `to`, in one transaction that holds the
 * scan's row and moves it to `to`; nothing while `to` is below the position. Answers what `record` answers.
 */
async function scan(
  db: Db,
  source: (typeof SCAN_SOURCE)[keyof typeof SCAN_SOURCE],
  to: number,
  record: (tx: Db, range: ScanRange) => Promise<number>,
): Promise<number> {
  if (to < 0) return 0;
  return db.transaction().execute(async (tx) => {
    const position = await tx
      .selectFrom("app.alert_scan")
      .select(["since", "scanned_block"])
      .where("source", "=", source)
      .forUpdate()
      .executeTakeFirst();
    if (!position || Number(position.scanned_block) > to) return 0;
    const recorded = await record(tx, {
      from: Math.max(0, Number(position.scanned_block) - REORG_MARGIN_BLOCKS),
      to,
      since: position.since,
    });
    await tx.updateTable("app.alert_scan").set({ scanned_block: to }).where("source", "=", source).execute();
    return recorded;
  });
}

/**
 * Records a stakeUnlocked alert (mail and webhooks) for every unlock the indexer has written with `confirmations`
 * blocks on top since the last scan, to the operator whose wallet it is (wallets without a portal account have nobody
 * to tell). Answers how many mails were new.
 */
export async function scanUnlocks(db: Db, confirmations: number): Promise<number> {
  const indexed = await getIndexedBlock(db);
  if (indexed === null) return 0;
  return scan(db, SCAN_SOURCE.stakeUnlocked, indexed - confirmations, async (tx, { from, to, since }) => {
    const { rows } = await sql<{
      id: string;
      operator_id: string;
      node: string;
      node_name: string | null;
      total_after: string;
      tx_hash: string;
    }>`
      SELECT e.id, o.id AS operator_id, e.node, n.name AS node_name, e.total_after::text AS total_after, e.tx_hash
      FROM chain.stake_event AS e
      JOIN app.operator AS o ON o.wallet_address = e.wallet
      LEFT JOIN app.node AS n ON n.node_address = e.node AND n.wallet_address = e.wallet
      WHERE e.kind::text = 'unlock' AND e.block_number > ${from} AND e.block_number <= ${to} AND e.block_time >= ${since}
        AND NOT EXISTS (
          SELECT FROM app.mail_outbox AS m WHERE m.kind = ${ALERT_KIND.stakeUnlocked} AND m.event_key = e.id
        )
      ORDER BY e.block_number, e.log_index
    `.execute(tx);
    return recordStakeUnlockAlerts(
      tx,
      rows.map((row) => ({
        id: row.id,
        operatorId: row.operator_id,
        node: row.node,
        nodeName: row.node_name,
        amount: row.total_after,
        txHash: row.tx_hash,
      })),
    );
  });
}

/**
 * Records an incentive.paid alert (mail and webhooks) per (transaction, wallet) for the payouts the payment matcher
 * has put on their incentives with `confirmations` blocks on top since the last scan, paid within
 * PAYOUT_ALERT_MAX_AGE_MS of `now` (a history the indexer catches up on is not told), valued in USD by `priceFeed` (the
 * API's PRICE_FEED_ADDRESS). The scan stays behind the matcher's position, so no payment is passed over before it is on
 * its row. Answers how many mails were new.
 */
export async function scanPayouts(
  db: Db,
  { confirmations, priceFeed, now = new Date() }: { confirmations: number; priceFeed: string | undefined; now?: Date },
): Promise<number> {
  const indexed = await getIndexedBlock(db);
  if (indexed === null) return 0;
  const { block_number: matched } = await db
    .selectFrom("app.incentive_payment_sync")
    .select("block_number")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  const to = Math.min(indexed, Number(matched)) - confirmations;
  return scan(db, SCAN_SOURCE.incentivePaid, to, async (tx, { from, to }) => {
    const payouts = await tx
      .selectFrom("app.incentive as i")
      .select(["i.paid_tx as txHash", "i.wallet"])
      .distinct()
      .where("i.paid_block", ">", BigInt(from))
      .where("i.paid_block", "<=", BigInt(to))
      .where("i.paid_at", ">", new Date(now.getTime() - PAYOUT_ALERT_MAX_AGE_MS))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("app.mail_outbox as m")
              .select("m.event_key")
              .where("m.kind", "=", PAYOUT_MAIL_KIND)
              .where(sql<boolean>`m.event_key = ${payoutEventKeySql(sql.ref("i.paid_tx"), sql.ref("i.wallet"))}`),
          ),
        ),
      )
      .$narrowType<{ txHash: string }>()
      .orderBy("i.paid_tx")
      .orderBy("i.wallet")
      .execute();
    return recordIncentivePaidAlerts(tx, payouts, priceFeed);
  });
}
