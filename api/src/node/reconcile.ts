import { sql } from "kysely";
import { NODE_STATUS, STAKE_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";

/**
 * Approved → Active for every node whose (wallet, node) position in `chain.stake_position` is Stake,
 * with a history row each (actor: system). One statement, idempotent: a node already Active is not
 * touched again. This is the `stakeSeen` transition of rules.ts, done in bulk, or for the node `nodeId`
 * alone (a read of one node: a primary-key lookup instead of joining every Approved node with the
 * chain's positions). Returns the ids moved.
 */
export async function reconcileStakedNodes(db: Db, nodeId?: string): Promise<string[]> {
  if (!(await anyStakedApproved(db, nodeId))) return [];
  const { rows } = await sql<{ id: string }>`
    WITH moved AS (
      UPDATE app.node AS n SET status = ${NODE_STATUS.active}, updated_at = now()
      FROM chain.stake_position AS p
      WHERE n.status = ${NODE_STATUS.approved} AND p.wallet = n.wallet_address AND p.node = n.node_address AND p.status = ${STAKE_STATUS.stake}
        ${nodeId === undefined ? sql`` : sql`AND n.id = ${nodeId}`}
      RETURNING n.id
    ), logged AS (
      INSERT INTO app.node_status_history (node_id, actor_type, from_status, to_status)
      SELECT id, 'system', ${NODE_STATUS.approved}, ${NODE_STATUS.active} FROM moved
    )
    SELECT id FROM moved
  `.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Whether a node (`nodeId`, or any) waits to be made Active, as an SQL condition: the reconciler's own check, and the
 * one the indexer listener reads in its scan (a range's event waits for the reconciler only when it holds).
 */
export const stakedApprovedExists = (nodeId?: string) => sql<boolean>`EXISTS (
    SELECT 1 FROM app.node AS n
    JOIN chain.stake_position AS p ON p.wallet = n.wallet_address AND p.node = n.node_address
    WHERE n.status = ${NODE_STATUS.approved} AND p.status = ${STAKE_STATUS.stake}
      ${nodeId === undefined ? sql`` : sql`AND n.id = ${nodeId}`}
  )`;

/**
 * Whether a node waits to be made Active. The reconciler runs on every announcement of the database, and the tables'
 * announcement triggers fire for each statement, even one that changes no row: an UPDATE with nothing to move would
 * announce again and wake the reconciler again, for ever, and every instance's answer cache would be emptied each time.
 */
async function anyStakedApproved(db: Db, nodeId?: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT ${stakedApprovedExists(nodeId)} AS found`.execute(db);
  return rows[0]?.found === true;
}
