import { keptPriceAt, type KeptPrice } from "../price/index.ts";
import { dayRangeBounds, type DayRange } from "../shared/date-range.ts";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import type { StakeEventRow } from "../chain/views.ts";
import { hexColumnMatches, hexSearch } from "../shared/hex-search.ts";
import { rowsOf, withTotal, type Window } from "../shared/list.ts";
import { preparedQuery } from "../shared/prepared-query.ts";
import { stakeIdOf } from "./rules.ts";

/**
 * The events of the positions (wallet[i], node[i]), newest first: one index scan of (wallet, node, block_number,
 * log_index) each.
 */
const eventsOfKeys = preparedQuery((db: Db, _shape: "keys", v: { wallets: string[]; nodes: string[] }) =>
  db
    .selectFrom("chain.stake_event as e")
    .selectAll("e")
    .where(sql<SqlBool>`(e.wallet, e.node) IN (SELECT * FROM unnest(${v.wallets}::text[], ${v.nodes}::text[]))`)
    .orderBy("e.block_number", "desc")
    .orderBy("e.log_index", "desc"),
);

/** The stake events of these positions, newest first, grouped by position id. */
export async function eventsOfPositions(
  db: Db,
  keys: { wallet: string; node: string }[],
): Promise<Map<string, StakeEventRow[]>> {
  const byPosition = new Map<string, StakeEventRow[]>();
  if (keys.length === 0) return byPosition;
  const rows = await eventsOfKeys(db, "keys", {
    wallets: keys.map((key) => key.wallet),
    nodes: keys.map((key) => key.node),
  });
  for (const row of rows) {
    const id = stakeIdOf(row.wallet, row.node);
    byPosition.set(id, [...(byPosition.get(id) ?? []), row]);
  }
  return byPosition;
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

/**
 * Events of one wallet (shape "wallet...") or of all, whose transaction hash matches the search (shape "...+prefix" or
 * "...+anywhere"), as a condition on `alias`.
 */
function eventCondition(alias: "e" | "c", shape: EventShape, v: EventValues): RawBuilder<SqlBool> {
  const [scope, search] = shape.split("+") as ["all" | "wallet", "prefix" | "anywhere" | undefined];
  const conditions: RawBuilder<SqlBool>[] = [];
  if (scope === "wallet") conditions.push(sql<SqlBool>`${sql.ref(`${alias}.wallet`)} = ${v.wallet}`);
  if (search)
    conditions.push(hexColumnMatches(`${alias}.tx_hash`, search, { from: v.from, to: v.to, pattern: v.pattern! }));
  return conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` AND `)}` : sql<SqlBool>`true`;
}

/**
 * Each event with its position's current status and the portal's node id, newest first (an index scan of (wallet,)
 * block_number, log_index).
 */
const withEventColumns = (db: Db, condition: RawBuilder<SqlBool>) =>
  db
    .selectFrom("chain.stake_event as e")
    .selectAll("e")
    .select((eb) => [
      eb
        .selectFrom("chain.stake_position as p")
        .select("p.status")
        .whereRef("p.wallet", "=", "e.wallet")
        .whereRef("p.node", "=", "e.node")
        .$castTo<StakeStatus | null>()
        .as("position_status"),
      eb
        .selectFrom("app.node as n")
        .select("n.id")
        .whereRef("n.node_address", "=", "e.node")
        .whereRef("n.wallet_address", "=", "e.wallet")
        .$castTo<string | null>()
        .as("node_id"),
      keptPriceAt(sql.ref<bigint>("e.block_number")).as("kept_price"),
    ])
    .where(condition)
    .orderBy("e.block_number", "desc")
    .orderBy("e.log_index", "desc");

export type StakeEventListRow = StakeEventRow & {
  position_status: StakeStatus | null;
  node_id: string | null;
  /** The price feed's round in force at the event's block, null when none was kept. */
  kept_price: KeptPrice | null;
};

/** A page of the events, each row with the count of all that match. */
const eventPage = preparedQuery((db: Db, shape: EventShape, v: EventValues & Window) =>
  withEventColumns(db, eventCondition("e", shape, v))
    .select(
      sql<bigint>`(SELECT count(*) FROM chain.stake_event AS c WHERE ${eventCondition("c", shape, v)})`.as("total"),
    )
    .limit(v.limit)
    .offset(v.offset),
);
const eventCount = preparedQuery(
  (db: Db, shape: EventShape, v: EventValues) =>
    sql<{ total: bigint }>`SELECT count(*) AS total FROM chain.stake_event AS c WHERE ${eventCondition("c", shape, v)}`,
);

/**
 * The shape and values of a stake event filter: one wallet's or all, `q` searching the transaction hash; null when `q`
 * cannot match a hash.
 */
function eventFilter({ wallet, q }: { wallet?: string; q: string }): { shape: EventShape; values: EventValues } | null {
  const scope = wallet ? "wallet" : "all";
  const values: EventValues = wallet ? { wallet } : {};
  if (!q) return { shape: scope, values };
  const search = hexSearch(q);
  if (search.kind === "none") return null;
  return {
    shape: `${scope}+${search.kind}`,
    values: {
      ...values,
      pattern: search.pattern,
      ...(search.kind === "prefix" ? { from: search.from, to: search.to } : {}),
    },
  };
}

/** A page of stake events, newest first, and their count in one round trip. */
export async function listStakeEvents(
  db: Db,
  params: { wallet?: string; q: string; page: number; limit: number },
): Promise<{ rows: StakeEventListRow[]; total: number }> {
  const filter = eventFilter(params);
  if (!filter) return { rows: [], total: 0 };
  const window = { limit: params.limit, offset: (params.page - 1) * params.limit };
  return withTotal(await eventPage(db, filter.shape, { ...filter.values, ...window }), () =>
    eventCount(db, filter.shape, filter.values),
  );
}

/** Every matching stake event, newest first, streamed (the CSV export); with a range, those of its UTC days. */
export async function* allStakeEvents(
  db: Db,
  params: { wallet?: string; q: string } & DayRange,
): AsyncGenerator<StakeEventListRow> {
  const filter = eventFilter(params);
  if (!filter) return;
  const { start, end } = dayRangeBounds(params);
  let query = withEventColumns(db, eventCondition("e", filter.shape, filter.values));
  if (start) query = query.where("e.block_time", ">=", start);
  if (end) query = query.where("e.block_time", "<", end);
  yield* rowsOf(query);
}
