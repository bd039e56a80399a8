import { sql, type RawBuilder, type SqlBool } from "kysely";
import { STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import type { StakeEventRow, StakePositionRow } from "../chain/views.ts";
import { asciiLower, hexColumnMatches, hexSearch } from "../shared/hex-search.ts";
import { containsPattern, rowsOf } from "../shared/list.ts";
import { preparedQuery } from "../shared/prepared-query.ts";
import { stakeIdOf } from "./rules.ts";
import type { StakeEventResponse, StakeResponse } from "./schema.ts";

const positions = (db: Db) => db.selectFrom("chain.stake_position as p");

/**
 * A position's columns with its owner (the operator of its wallet) and the portal's node (by node
 * address), each looked up by its unique index in a subquery: planned in a fraction of the time of
 * the same lookups written as joins.
 */
const withPositionColumns = (query: ReturnType<typeof positions>) =>
  query.selectAll("p").select((eb) => {
    const owner = () => eb.selectFrom("app.operator as o").whereRef("o.wallet_address", "=", "p.wallet");
    const node = () => eb.selectFrom("app.node as n").whereRef("n.node_address", "=", "p.node");
    return [
      owner().select("o.id").$castTo<string | null>().as("owner_id"),
      owner().select("o.email").$castTo<string | null>().as("owner_email"),
      node().select("n.id").$castTo<string | null>().as("node_id"),
      node().select("n.name").$castTo<string | null>().as("node_name"),
    ];
  });

export type PositionRow = StakePositionRow & { owner_id: string | null; owner_email: string | null; node_id: string | null; node_name: string | null };

type Counted<T> = T & { total: bigint | string | number };

/** The position columns of a page, latest stake first: `keys` (wallet, node) are the page's positions, in order. */
const positionPage = (db: Db, keys: RawBuilder<unknown>) =>
  withPositionColumns(positions(db))
    .where(sql<SqlBool>`(p.wallet, p.node) IN (SELECT k.wallet, k.node FROM ${keys} AS k)`)
    .orderBy("p.last_staked_at", "desc")
    .orderBy("p.wallet")
    .orderBy("p.node");

interface Window {
  limit: number;
  offset: number;
}

/** Every position, latest stake first (an index scan of (last_staked_at desc, wallet, node)), each row with the count of all. */
const everyPositionPage = preparedQuery((db: Db, _shape: "all", v: Window) =>
  withPositionColumns(positions(db))
    .select(sql<bigint>`(SELECT count(*) FROM chain.stake_position)`.as("total"))
    .orderBy("p.last_staked_at", "desc")
    .orderBy("p.wallet")
    .orderBy("p.node")
    .limit(v.limit)
    .offset(v.offset),
);

type PositionSearchShape = `${"none" | "prefix" | "anywhere"}${"" | "+status"}`;
interface PositionSearchValues {
  pattern: string;
  hexPattern?: string;
  from?: string;
  to?: string;
  statuses?: string[];
}

/**
 * The positions matching a search, as the union of what each field's index finds: owners by email
 * (trigram index on app.operator.email), portal nodes by name (trigram index on app.node.name), the
 * wallet or node address (a prefix: their btree indexes; a fragment: a scan) and the statuses
 * containing q (computed in code). Fields q cannot match are left out.
 */
function positionMatches(db: Db, shape: PositionSearchShape, v: PositionSearchValues) {
  const [hex, status] = shape.split("+") as ["none" | "prefix" | "anywhere", string | undefined];
  const key = sql`p.wallet, p.node, p.last_staked_at`;
  const branches = [
    sql`SELECT ${key} FROM chain.stake_position AS p JOIN app.operator AS o ON o.wallet_address = p.wallet WHERE o.email ILIKE ${v.pattern}`,
    sql`SELECT ${key} FROM chain.stake_position AS p JOIN app.node AS n ON n.node_address = p.node WHERE n.name ILIKE ${v.pattern}`,
  ];
  if (hex !== "none") {
    const values = { from: v.from, to: v.to, pattern: v.hexPattern! };
    branches.push(sql`SELECT ${key} FROM chain.stake_position AS p WHERE ${hexColumnMatches("p.wallet", hex, values)}`);
    branches.push(sql`SELECT ${key} FROM chain.stake_position AS p WHERE ${hexColumnMatches("p.node", hex, values)}`);
  }
  if (status) branches.push(sql`SELECT ${key} FROM chain.stake_position AS p WHERE p.status::text = ANY(${v.statuses})`);
  return sql.join(branches, sql` UNION `);
}

/** The positions of a search, latest stake first, each row with their count; the matches are found once, in a materialised CTE. */
const searchedPositionPage = preparedQuery((db: Db, shape: PositionSearchShape, v: PositionSearchValues & Window) => {
  const keys = sql`(SELECT m.wallet, m.node FROM m ORDER BY m.last_staked_at DESC, m.wallet, m.node LIMIT ${v.limit} OFFSET ${v.offset})`;
  const page = positionPage(db, keys).select(sql<bigint>`(SELECT count(*) FROM m)`.as("total"));
  return sql<Counted<PositionRow>>`WITH m AS MATERIALIZED (${positionMatches(db, shape, v)}) ${page}`;
});

const searchedPositionCount = preparedQuery((db: Db, shape: PositionSearchShape, v: PositionSearchValues) => sql<{ total: bigint }>`SELECT count(*) AS total FROM (${positionMatches(db, shape, v)}) AS m`);
const everyPositionCount = preparedQuery((db: Db, _shape: "all", _v: Record<string, never>) => db.selectFrom("chain.stake_position").select((eb) => eb.fn.countAll<bigint>().as("total")));

const STAKE_STATUSES = Object.values(STAKE_STATUS);

/** A page's rows without their count, and the count (from the first row, or `count` for an empty page). */
async function withTotal<T>(rows: Counted<T>[], count: () => Promise<{ total: bigint | string | number }[]>) {
  const total = Number(rows[0] ? rows[0].total : ((await count())[0]?.total ?? 0));
  return { rows: rows.map(({ total: _total, ...row }) => row as T), total };
}

/**
 * A page of positions, latest stake first, and their count in one round trip; `q` searches the
 * owner's email, the wallet, the node address, the node's name and the status.
 */
export async function listPositions(db: Db, { q, page, limit }: { q: string; page: number; limit: number }) {
  const window = { limit, offset: (page - 1) * limit };
  if (!q) return withTotal(await everyPositionPage(db, "all", window), () => everyPositionCount(db, "all", {}));
  const hex = hexSearch(q);
  const statuses = STAKE_STATUSES.filter((status) => asciiLower(status).includes(asciiLower(q)));
  const shape: PositionSearchShape = `${hex.kind}${statuses.length > 0 ? "+status" : ""}`;
  const values: PositionSearchValues = {
    pattern: containsPattern(q),
    ...(hex.kind === "none" ? {} : { hexPattern: hex.pattern }),
    ...(hex.kind === "prefix" ? { from: hex.from, to: hex.to } : {}),
    ...(statuses.length > 0 ? { statuses } : {}),
  };
  return withTotal(await searchedPositionPage(db, shape, { ...values, ...window }), () => searchedPositionCount(db, shape, values));
}

export const findPosition = (db: Db, wallet: string, node: string) =>
  withPositionColumns(positions(db)).where("p.wallet", "=", wallet).where("p.node", "=", node).executeTakeFirst();

/** The events of the positions (wallet[i], node[i]), newest first: one index scan of (wallet, node, block_number, log_index) each. */
const eventsOfKeys = preparedQuery((db: Db, _shape: "keys", v: { wallets: string[]; nodes: string[] }) =>
  db
    .selectFrom("chain.stake_event as e")
    .selectAll("e")
    .where(sql<SqlBool>`(e.wallet, e.node) IN (SELECT * FROM unnest(${v.wallets}::text[], ${v.nodes}::text[]))`)
    .orderBy("e.block_number", "desc")
    .orderBy("e.log_index", "desc"),
);

/** The stake events of these positions, newest first, grouped by position id. */
export async function eventsOfPositions(db: Db, keys: { wallet: string; node: string }[]): Promise<Map<string, StakeEventRow[]>> {
  const byPosition = new Map<string, StakeEventRow[]>();
  if (keys.length === 0) return byPosition;
  const rows = await eventsOfKeys(db, "keys", { wallets: keys.map((key) => key.wallet), nodes: keys.map((key) => key.node) });
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

type EventShape = `${"all" | "wallet"}${"" | "+prefix" | "+anywhere"}`;
interface EventValues {
  wallet?: string;
  from?: string;
  to?: string;
  pattern?: string;
}

/** Events of one wallet (shape "wallet...") or of all, whose transaction hash matches the search (shape "...+prefix" or "...+anywhere"), as a condition on `alias`. */
function eventCondition(alias: "e" | "c", shape: EventShape, v: EventValues): RawBuilder<SqlBool> {
  const [scope, search] = shape.split("+") as ["all" | "wallet", "prefix" | "anywhere" | undefined];
  const conditions: RawBuilder<SqlBool>[] = [];
  if (scope === "wallet") conditions.push(sql<SqlBool>`${sql.ref(`${alias}.wallet`)} = ${v.wallet}`);
  if (search) conditions.push(hexColumnMatches(`${alias}.tx_hash`, search, { from: v.from, to: v.to, pattern: v.pattern! }));
  return conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` AND `)}` : sql<SqlBool>`true`;
}

/** Each event with its position's current status and the portal's node id, newest first (an index scan of (wallet,) block_number, log_index). */
const withEventColumns = (db: Db, condition: RawBuilder<SqlBool>) =>
  db
    .selectFrom("chain.stake_event as e")
    .selectAll("e")
    .select((eb) => [
      eb.selectFrom("chain.stake_position as p").select("p.status").whereRef("p.wallet", "=", "e.wallet").whereRef("p.node", "=", "e.node").$castTo<StakeStatus | null>().as("position_status"),
      eb.selectFrom("app.node as n").select("n.id").whereRef("n.node_address", "=", "e.node").$castTo<string | null>().as("node_id"),
    ])
    .where(condition)
    .orderBy("e.block_number", "desc")
    .orderBy("e.log_index", "desc");

export type StakeEventListRow = StakeEventRow & { position_status: StakeStatus | null; node_id: string | null };

/** A page of the events, each row with the count of all that match. */
const eventPage = preparedQuery((db: Db, shape: EventShape, v: EventValues & Window) =>
  withEventColumns(db, eventCondition("e", shape, v))
    .select(sql<bigint>`(SELECT count(*) FROM chain.stake_event AS c WHERE ${eventCondition("c", shape, v)})`.as("total"))
    .limit(v.limit)
    .offset(v.offset),
);
const eventCount = preparedQuery((db: Db, shape: EventShape, v: EventValues) => sql<{ total: bigint }>`SELECT count(*) AS total FROM chain.stake_event AS c WHERE ${eventCondition("c", shape, v)}`);

/** The shape and values of a stake event filter: one wallet's or all, `q` searching the transaction hash; null when `q` cannot match a hash. */
function eventFilter({ wallet, q }: { wallet?: string; q: string }): { shape: EventShape; values: EventValues } | null {
  const scope = wallet ? "wallet" : "all";
  const values: EventValues = wallet ? { wallet } : {};
  if (!q) return { shape: scope, values };
  const search = hexSearch(q);
  if (search.kind === "none") return null;
  return { shape: `${scope}+${search.kind}`, values: { ...values, pattern: search.pattern, ...(search.kind === "prefix" ? { from: search.from, to: search.to } : {}) } };
}

/** A page of stake events, newest first, and their count in one round trip. */
export async function listStakeEvents(db: Db, params: { wallet?: string; q: string; page: number; limit: number }): Promise<{ rows: StakeEventListRow[]; total: number }> {
  const filter = eventFilter(params);
  if (!filter) return { rows: [], total: 0 };
  const window = { limit: params.limit, offset: (params.page - 1) * params.limit };
  return withTotal(await eventPage(db, filter.shape, { ...filter.values, ...window }), () => eventCount(db, filter.shape, filter.values));
}

/** Every matching stake event, newest first, streamed (the CSV export). */
export async function* allStakeEvents(db: Db, params: { wallet?: string; q: string }): AsyncGenerator<StakeEventListRow> {
  const filter = eventFilter(params);
  if (filter) yield* rowsOf(withEventColumns(db, eventCondition("e", filter.shape, filter.values)));
}

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
