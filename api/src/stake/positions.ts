import { sql, type RawBuilder, type SqlBool } from "kysely";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import type { StakePositionRow } from "../chain/views.ts";
import { asciiLower, hexColumnMatches, hexSearch } from "../shared/hex-search.ts";
import { containsPattern, withTotal, type Counted, type Window } from "../shared/list.ts";
import { preparedQuery } from "../shared/prepared-query.ts";

const positions = (db: Db) => db.selectFrom("chain.stake_position as p");

/**
 * A position's columns with its owner (the operator of its wallet) and the portal's node (that wallet's node at the
 * position's node address), each looked up by its unique index in a subquery: planned in a fraction of the time of
 * the same lookups written as joins.
 */
const withPositionColumns = (query: ReturnType<typeof positions>) =>
  query.selectAll("p").select((eb) => {
    const owner = () => eb.selectFrom("app.operator as o").whereRef("o.wallet_address", "=", "p.wallet");
    const node = () =>
      eb
        .selectFrom("app.node as n")
        .whereRef("n.node_address", "=", "p.node")
        .whereRef("n.wallet_address", "=", "p.wallet");
    return [
      owner().select("o.id").$castTo<string | null>().as("owner_id"),
      owner().select("o.email").$castTo<string | null>().as("owner_email"),
      node().select("n.id").$castTo<string | null>().as("node_id"),
      node().select("n.name").$castTo<string | null>().as("node_name"),
    ];
  });

export type PositionRow = StakePositionRow & {
  owner_id: string | null;
  owner_email: string | null;
  node_id: string | null;
  node_name: string | null;
};

/** The position columns of a page, latest stake first: `keys` (wallet, node) are the page's positions, in order. */
const positionPage = (db: Db, keys: RawBuilder<unknown>) =>
  withPositionColumns(positions(db))
    .where(sql<SqlBool>`(p.wallet, p.node) IN (SELECT k.wallet, k.node FROM ${keys} AS k)`)
    .orderBy("p.last_staked_at", "desc")
    .orderBy("p.wallet")
    .orderBy("p.node");

/**
 * Every position, latest stake first (an index scan of (last_staked_at desc, wallet, node)). The indexer's latest-stake
 * index is DESC NULLS LAST (indexer/ponder.schema.ts) while a plain DESC sorts nulls first: the column is never null, so
 * both orders are the same, but only the index's own order lets Postgres read the page from the index instead of
 * sorting every position.
 */
const everyPositionPage = preparedQuery((db: Db, _shape: "all", v: Window) =>
  withPositionColumns(positions(db))
    .orderBy("p.last_staked_at", (order) => order.desc().nullsLast())
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
    sql`SELECT ${key} FROM chain.stake_position AS p JOIN app.node AS n ON n.node_address = p.node AND n.wallet_address = p.wallet WHERE n.name ILIKE ${v.pattern}`,
  ];
  if (hex !== "none") {
    const values = { from: v.from, to: v.to, pattern: v.hexPattern! };
    branches.push(sql`SELECT ${key} FROM chain.stake_position AS p WHERE ${hexColumnMatches("p.wallet", hex, values)}`);
    branches.push(sql`SELECT ${key} FROM chain.stake_position AS p WHERE ${hexColumnMatches("p.node", hex, values)}`);
  }
  if (status)
    branches.push(sql`SELECT ${key} FROM chain.stake_position AS p WHERE p.status::text = ANY(${v.statuses})`);
  return sql.join(branches, sql` UNION `);
}

/**
 * The positions of a search, latest stake first, each row with their count; the matches are found once, in a
 * materialised CTE.
 */
const searchedPositionPage = preparedQuery((db: Db, shape: PositionSearchShape, v: PositionSearchValues & Window) => {
  const keys = sql`(SELECT m.wallet, m.node FROM m ORDER BY m.last_staked_at DESC, m.wallet, m.node LIMIT ${v.limit} OFFSET ${v.offset})`;
  const page = positionPage(db, keys).select(sql<bigint>`(SELECT count(*) FROM m)`.as("total"));
  return sql<Counted<PositionRow>>`WITH m AS MATERIALIZED (${positionMatches(db, shape, v)}) ${page}`;
});

const searchedPositionCount = preparedQuery(
  (db: Db, shape: PositionSearchShape, v: PositionSearchValues) =>
    sql<{ total: bigint }>`SELECT count(*) AS total FROM (${positionMatches(db, shape, v)}) AS m`,
);
const everyPositionCount = preparedQuery((db: Db, _shape: "all", _v: Record<string, never>) =>
  db.selectFrom("chain.stake_position").select((eb) => eb.fn.countAll<bigint>().as("total")),
);

const STAKE_STATUSES = Object.values(STAKE_STATUS);

/** Keeps a fact read from the indexer's tables until the indexer indexes again (AnswerCache.chainFact). */
export type ChainFacts = <T>(key: string, read: () => Promise<T>) => Promise<T>;
const readEveryTime: ChainFacts = (_key, read) => read();

/**
 * A page of positions, latest stake first, and their count; `q` searches the owner's email, the wallet, the node
 * address, the node's name and the status. Unsearched, the count of every position (an index-only scan of every
 * position, tens of milliseconds at 200,000) is read once per indexed range through `chainFacts`, beside the page; a
 * search's page and count come in one round trip.
 */
export async function listPositions(
  db: Db,
  { q, page, limit }: { q: string; page: number; limit: number },
  chainFacts: ChainFacts = readEveryTime,
) {
  const window = { limit, offset: (page - 1) * limit };
  if (!q) {
    const [rows, count] = await Promise.all([
      everyPositionPage(db, "all", window),
      chainFacts("stake-position-count", () => everyPositionCount(db, "all", {})),
    ]);
    return { rows, total: Number(count[0]?.total ?? 0) };
  }
  const hex = hexSearch(q);
  const statuses = STAKE_STATUSES.filter((status) => asciiLower(status).includes(asciiLower(q)));
  const shape: PositionSearchShape = `${hex.kind}${statuses.length > 0 ? "+status" : ""}`;
  const values: PositionSearchValues = {
    pattern: containsPattern(q),
    ...(hex.kind === "none" ? {} : { hexPattern: hex.pattern }),
    ...(hex.kind === "prefix" ? { from: hex.from, to: hex.to } : {}),
    ...(statuses.length > 0 ? { statuses } : {}),
  };
  return withTotal(await searchedPositionPage(db, shape, { ...values, ...window }), () =>
    searchedPositionCount(db, shape, values),
  );
}

export const findPosition = (db: Db, wallet: string, node: string) =>
  withPositionColumns(positions(db)).where("p.wallet", "=", wallet).where("p.node", "=", node).executeTakeFirst();

/**
 * The staked total of the positions its caller narrows it to (a wallet's, a wallet's on one node, every wallet's): the
 * sum of those in Stake or Unlock (an unlocked stake stays staked until it is withdrawn), as text wei, "0" for none.
 * The one place of that rule: the stake routes, the dashboard and the live events' totals read it.
 */
export const stakedSum = (db: Db) =>
  db
    .selectFrom("chain.stake_position")
    .select(sql<string>`coalesce(sum(total_staked), 0)::text`.as("total"))
    .where("status", "in", [STAKE_STATUS.stake, STAKE_STATUS.unlock]);

/** `wallet`'s staked total (on `node` only, when given), wei. */
export async function stakedTotal(db: Db, wallet: string, node?: string): Promise<string> {
  let query = stakedSum(db).where("wallet", "=", wallet);
  if (node) query = query.where("node", "=", node);
  return (await query.executeTakeFirstOrThrow()).total;
}

/**
 * stakedTotal of the wallet `wallet` stands for (a column of the query it goes in), as a subquery. The indexer listener
 * reads it in its scan, for each wallet whose stakes changed.
 */
export const stakedTotalOf = (db: Db, wallet: RawBuilder<string>) =>
  sql<string>`(${stakedSum(db).where("wallet", "=", wallet)})`;
