import { sql } from "kysely";
import { STAKE_STATUS, type StakeStatus } from "../contract/domain.ts";
import type { Db } from "../db/database.ts";
import type { StakeEventRow, StakePositionRow } from "../chain/views.ts";
import { containsPattern, pageOf, rowsOf } from "../shared/list.ts";
import { stakeIdOf } from "./rules.ts";
import type { StakeEventResponse, StakeResponse } from "./schema.ts";

/** Positions from `chain.stake_position` with the owner (by wallet) and the portal's node (by node address). */
const positions = (db: Db) =>
  db
    .selectFrom("chain.stake_position as p")
    .leftJoin("app.operator as o", "o.wallet_address", "p.wallet")
    .leftJoin("app.node as n", "n.node_address", "p.node");

const withPositionColumns = <Q extends ReturnType<typeof positions>>(query: Q) =>
  query.selectAll("p").select([sql<string | null>`o.id`.as("owner_id"), sql<string | null>`o.email`.as("owner_email"), sql<string | null>`n.id`.as("node_id"), sql<string | null>`n.name`.as("node_name")]);

export type PositionRow = StakePositionRow & { owner_id: string | null; owner_email: string | null; node_id: string | null; node_name: string | null };

/** A page of positions, latest stake first; `q` searches the owner's email, wallet, node address, node name and status. */
export function listPositions(db: Db, { q, page, limit }: { q: string; page: number; limit: number }) {
  let filtered = positions(db);
  if (q) {
    const pattern = containsPattern(q);
    filtered = filtered.where((eb) =>
      eb.or([eb("o.email", "ilike", pattern), eb("p.wallet", "ilike", pattern), eb("p.node", "ilike", pattern), eb("n.name", "ilike", pattern), eb(eb.cast("p.status", "text"), "ilike", pattern)]),
    );
  }
  return pageOf(filtered, (query) => withPositionColumns(query).orderBy("p.last_staked_at", "desc").orderBy("p.wallet").orderBy("p.node"), { page, limit });
}

export const findPosition = (db: Db, wallet: string, node: string) =>
  withPositionColumns(positions(db)).where("p.wallet", "=", wallet).where("p.node", "=", node).executeTakeFirst();

/** The stake events of these positions, newest first, grouped by position id. */
export async function eventsOfPositions(db: Db, keys: { wallet: string; node: string }[]): Promise<Map<string, StakeEventRow[]>> {
  const byPosition = new Map<string, StakeEventRow[]>();
  if (keys.length === 0) return byPosition;
  const rows = await db
    .selectFrom("chain.stake_event as e")
    .selectAll("e")
    .where((eb) => eb.or(keys.map((key) => eb.and([eb("e.wallet", "=", key.wallet), eb("e.node", "=", key.node)]))))
    .orderBy("e.block_number", "desc")
    .orderBy("e.log_index", "desc")
    .execute();
  for (const row of rows) {
    const id = stakeIdOf(row.wallet, row.node);
    byPosition.set(id, [...(byPosition.get(id) ?? []), row]);
  }
  return byPosition;
}

/** The sum of `wallet`'s positions in Stake or Unlock (on `node` only, when given), wei. */
export async function stakedTotal(db: Db, wallet: string, node?: string): Promise<string> {
  let query = db
    .selectFrom("chain.stake_position")
    .select(sql<string>`coalesce(sum(total_staked), 0)::text`.as("total"))
    .where("wallet", "=", wallet)
    .where("status", "in", [STAKE_STATUS.stake, STAKE_STATUS.unlock]);
  if (node) query = query.where("node", "=", node);
  return (await query.executeTakeFirstOrThrow()).total;
}

/** The indexed events of a transaction. */
export const eventsOfTransaction = (db: Db, txHash: string) =>
  db.selectFrom("chain.stake_event").select(["kind", "wallet", "node"]).where("tx_hash", "=", txHash).execute();

/** Stake events of one wallet or (without it) of all; `q` searches the transaction hash. */
function stakeEventsMatching(db: Db, { wallet, q }: { wallet?: string; q: string }) {
  let filtered = db.selectFrom("chain.stake_event as e");
  if (wallet) filtered = filtered.where("e.wallet", "=", wallet);
  if (q) filtered = filtered.where("e.tx_hash", "ilike", containsPattern(q));
  return filtered;
}

/** Each event with its position's current status and the portal's node id, newest first. */
const withEventColumns = (query: ReturnType<typeof stakeEventsMatching>) =>
  query
    .selectAll("e")
    .select((eb) => [
      eb.selectFrom("chain.stake_position as p").select("p.status").whereRef("p.wallet", "=", "e.wallet").whereRef("p.node", "=", "e.node").$castTo<StakeStatus | null>().as("position_status"),
      eb.selectFrom("app.node as n").select("n.id").whereRef("n.node_address", "=", "e.node").$castTo<string | null>().as("node_id"),
    ])
    .orderBy("e.block_number", "desc")
    .orderBy("e.log_index", "desc");

export type StakeEventListRow = StakeEventRow & { position_status: StakeStatus | null; node_id: string | null };

/** A page of stake events, newest first. */
export const listStakeEvents = (db: Db, params: { wallet?: string; q: string; page: number; limit: number }) => pageOf(stakeEventsMatching(db, params), withEventColumns, params);

/** Every matching stake event, newest first, streamed (the CSV export). */
export const allStakeEvents = (db: Db, params: { wallet?: string; q: string }) => rowsOf(withEventColumns(stakeEventsMatching(db, params)));

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const toTransaction = (row: StakeEventRow) => ({
  _id: row.id,
  kind: row.kind,
  totalStake: row.amount,
  totalAfter: row.total_after,
  tnxHash: row.tx_hash,
  date: row.block_time.toISOString(),
  blockNumber: row.block_number.toString(),
});

export function toStakeResponse(row: PositionRow, events: StakeEventRow[]): StakeResponse {
  return {
    _id: stakeIdOf(row.wallet, row.node),
    walletAddress: row.wallet,
    nodeAddress: row.node,
    nodeId: row.node_id,
    status: row.status,
    totalStake: row.total_staked,
    tnxHash: row.last_stake_tx,
    date: row.first_staked_at.toISOString(),
    lastStakedAt: row.last_staked_at.toISOString(),
    isUnlocked: row.status !== STAKE_STATUS.stake,
    unlockTnxHash: row.unlock_tx,
    unlockedAt: iso(row.unlocked_at),
    withdrawStake: row.withdrawn_amount,
    withdrawTnxHash: row.withdraw_tx,
    withdrawnAt: iso(row.withdrawn_at),
    user: { _id: row.owner_id, email: row.owner_email ?? "", walletAddress: row.wallet },
    nodesetting: { _id: row.node_id, name: row.node_name ?? "", walletAddress: row.wallet, nodeAddress: row.node },
    transaction: events.map(toTransaction),
  };
}

export const toStakeEventResponse = (row: StakeEventListRow): StakeEventResponse => ({
  ...toTransaction(row),
  walletAddress: row.wallet,
  nodeAddress: row.node,
  nodeId: row.node_id,
  stakeId: stakeIdOf(row.wallet, row.node),
  status: row.position_status,
});
