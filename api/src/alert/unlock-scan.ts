import { sql } from "kysely";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import { recordStakeUnlockAlerts } from "./events.ts";
import { ALERT_KIND } from "./rules.ts";

const SOURCE = ALERT_KIND.stakeUnlocked;

/**
 * Blocks scanned again each time, so an unlock the indexer replaced in a short reorg is still found (its mail is keyed
 * by the event).
 */
const REORG_MARGIN_BLOCKS = 32;

/**
 * Records a stakeUnlocked alert (mail and webhooks) for every unlock the indexer has written since the last scan, to the
 * operator whose wallet it is (wallets without a portal account have nobody to tell). The scan
 * position moves in the same transaction; an event is keyed by its indexer id, so scans that overlap
 * (or two instances at once) record it once. Answers how many mails were new.
 */
export async function scanUnlocks(db: Db): Promise<number> {
  const indexed = await getIndexedBlock(db);
  if (indexed === null) return 0;
  return db.transaction().execute(async (tx) => {
    const scan = await tx
      .selectFrom("app.alert_scan")
      .select(["since", "scanned_block"])
      .where("source", "=", SOURCE)
      .forUpdate()
      .executeTakeFirst();
    if (!scan || Number(scan.scanned_block) > indexed) return 0;
    const from = Math.max(0, Number(scan.scanned_block) - REORG_MARGIN_BLOCKS);
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
      WHERE e.kind::text = 'unlock' AND e.block_number > ${from} AND e.block_number <= ${indexed} AND e.block_time >= ${scan.since}
      ORDER BY e.block_number, e.log_index
    `.execute(tx);
    const recorded = await recordStakeUnlockAlerts(
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
    await tx.updateTable("app.alert_scan").set({ scanned_block: indexed }).where("source", "=", SOURCE).execute();
    return recorded;
  });
}
