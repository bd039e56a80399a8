import { sql, type SqlBool } from "kysely";
import type { Db } from "../db/database.ts";
import { containsPattern, storedSpelling } from "../shared/list.ts";
import { preparedQuery } from "../shared/prepared-query.ts";
import { withNodeColumns, type NodeRow } from "./repository.ts";
import { NODE_TAB_ALL, NODE_TABS, windowStart, type NodeStatus, type NodeTab } from "./rules.ts";

export interface NodeListParams {
  /** Searches the spec 3 search fields and the owner's email, case-insensitively. */
  q: string;
  /** Limits the list to one operator's nodes. */
  ownerId?: string;
  tab: NodeTab;
  page: number;
  limit: number;
  now: Date;
}

/** A node list page, newest first, and the count of each tab (every status and All) for the same filter. */
export interface NodeListPage {
  rows: NodeRow[];
  counts: Record<NodeTab, number>;
}

type StatusCounts = Record<string, number> | null;
type PageRow = NodeRow & { counts: StatusCounts };

/**
 * Rows of `table` whose search text (migration 0012_node-search-text, the node's search fields and its owner's email,
 * lower-cased) contains the LIKE `pattern`.
 */
const searchTextLike = (table: "n" | "s", pattern: string) =>
  sql<SqlBool>`${sql.ref(`${table}.search_text`)} LIKE lower(${pattern})`;

/**
 * Whether node `n` contains `q` in one of its search fields or its owner's email, in any case: the matching ids are
 * found once, by a trigram index scan of app.node_search (the nodes' narrow copy of their search text, migration
 * 0031_node-search-table), not looked up node by node.
 */
export const matchesSearch = (q: string) =>
  sql<SqlBool>`n.id = ANY (ARRAY(SELECT s.node_id FROM app.node_search AS s WHERE ${searchTextLike("s", containsPattern(storedSpelling(q)))}))`;

/** `{status: count}` of the status counts `g` as one JSON object. */
const countsJson = sql<StatusCounts>`json_object_agg(g.status, g.count)`;

interface Window {
  since: string;
  /** The list's time (ISO), the end of the health windows. */
  at: string;
  limit: number;
  offset: number;
}

/**
 * Every node, newest first, or one status's (shape "tab"), with app.node_status_count's counts on
 * each row: an index scan of (created_at desc, id) or (status, created_at desc, id) reads the page.
 */
const everyNodePage = preparedQuery((db: Db, shape: "all" | "tab", v: Window & { status?: NodeStatus }) => {
  let query = withNodeColumns(db.selectFrom("app.node as n"), v.since, v.at)
    .select((eb) => eb.selectFrom("app.node_status_count as g").select(countsJson.as("counts")).as("counts"))
    .orderBy("n.created_at", "desc")
    .orderBy("n.id")
    .limit(v.limit)
    .offset(v.offset);
  if (shape === "tab") query = query.where("n.status", "=", v.status!);
  return query;
});

const everyNodeCounts = preparedQuery((db: Db, _shape: "counts", _v: Record<string, never>) =>
  db.selectFrom("app.node_status_count as g").select(countsJson.as("counts")),
);

type Filter = "q" | OwnerFilter;
/** An operator's nodes, searched or not. */
type OwnerFilter = "owner" | "q+owner";
interface FilterValues {
  pattern?: string;
  ownerId?: string;
}

/**
 * The filter's matching nodes' (id, status, created_at), for the CTE `m`. A search over every node re-checks each
 * trigram candidate in app.node_search, whose rows hold only what this reads (a broad term matches thousands of
 * nodes, and the counts need them all); an owner's nodes are few and come from app.node by the owner's index.
 */
function matching(db: Db, filter: Filter, v: FilterValues) {
  if (filter === "q")
    return db
      .selectFrom("app.node_search as s")
      .select(["s.node_id as id", "s.status", "s.created_at"])
      .where(searchTextLike("s", v.pattern!));
  let matches = db
    .selectFrom("app.node as n")
    .select(["n.id", "n.status", "n.created_at"])
    .where("n.operator_id", "=", v.ownerId!);
  if (filter === "q+owner") matches = matches.where(searchTextLike("n", v.pattern!));
  return matches;
}

/** The status counts of the CTE `m`, as one JSON object. */
const countsOfMatches = sql<StatusCounts>`(SELECT ${countsJson} FROM (SELECT m.status, count(*) AS count FROM m GROUP BY m.status) AS g)`;

/**
 * An owner's nodes, searched or not, newest first, or of one status (shape "...+tab"), with their
 * status counts on each row: the matches are found once, in a materialised CTE, and only the page's
 * ids are joined back to app.node.
 */
const filteredPage = preparedQuery(
  (db: Db, shape: OwnerFilter | `${OwnerFilter}+tab`, v: FilterValues & Window & { status?: NodeStatus }) => {
    const tabOnly = shape.endsWith("+tab") ? sql`WHERE m.status = ${v.status}` : sql``;
    const pageIds = sql<string>`(SELECT m.id FROM m ${tabOnly} ORDER BY m.created_at DESC, m.id LIMIT ${v.limit} OFFSET ${v.offset})`;
    const page = withNodeColumns(db.selectFrom("app.node as n"), v.since, v.at)
      .select(countsOfMatches.as("counts"))
      .where("n.id", "in", pageIds)
      .orderBy("n.created_at", "desc")
      .orderBy("n.id");
    return sql<PageRow>`WITH m AS MATERIALIZED (${matching(db, shape.replace("+tab", "") as OwnerFilter, v)}) ${page}`;
  },
);

/**
 * The ids of a search's page over every node, newest first, or of one status's (shape "q+tab"): from app.node_search by
 * (created_at desc, node_id), all nodes or one status's (migration 0048_change-tables), where a broad term's first
 * matches are a few rows away, or by the trigram index for a narrow one (the planner chooses by the term).
 */
const searchPageIds = preparedQuery(
  (db: Db, shape: "q" | "q+tab", v: { pattern: string; limit: number; offset: number; status?: NodeStatus }) => {
    let ids = db
      .selectFrom("app.node_search as s")
      .select("s.node_id")
      .where(searchTextLike("s", v.pattern))
      .orderBy("s.created_at", "desc")
      .orderBy("s.node_id")
      .limit(v.limit)
      .offset(v.offset);
    if (shape === "q+tab") ids = ids.where("s.status", "=", v.status!);
    return ids;
  },
);

/** The nodes `ids` with their columns, newest first. */
const nodesById = preparedQuery((db: Db, _shape: "ids", v: { since: string; at: string; ids: string[] }) =>
  withNodeColumns(db.selectFrom("app.node as n"), v.since, v.at)
    .where(sql<SqlBool>`n.id = ANY(${v.ids}::uuid[])`)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id"),
);

const filteredCounts = preparedQuery(
  (db: Db, filter: Filter, v: FilterValues) =>
    sql<{
      counts: StatusCounts;
    }>`WITH m AS MATERIALIZED (${matching(db, filter, v)}) SELECT ${countsOfMatches} AS counts`,
);

/** Tab counts from `{status: count}`, with All their sum. */
function tabCounts(byStatus: StatusCounts): Record<NodeTab, number> {
  const counts = Object.fromEntries(NODE_TABS.map((tab) => [tab, 0])) as Record<NodeTab, number>;
  for (const [status, count] of Object.entries(byStatus ?? {})) {
    counts[status as NodeTab] = Number(count);
    counts[NODE_TAB_ALL] += Number(count);
  }
  return counts;
}

/** Keeps a fact read from some portal tables until one of them changes (AnswerCache.tableFact). */
export type TableFacts = <T>(key: string, tables: readonly string[], read: () => Promise<T>) => Promise<T>;
const readEveryTime: TableFacts = (_key, _tables, read) => read();

/** The table a search over every node counts its matches in. */
const SEARCH_TABLES = ["node_search"] as const;

/**
 * One page of a node list and every tab's count, the columns (owner, stake position, bounty, reputation) computed for
 * the page's rows only. Unfiltered (an admin without a search), the counts are the kept app.node_status_count, in the
 * page's round trip (a second one only for the counts of an empty page). A search over every node finds its page's ids
 * and counts its matches (every match: a broad term matches thousands of nodes) once until app.node_search changes,
 * through `tableFacts`, then reads the page's nodes by id; an owner's list, searched or not, reads its few nodes and
 * their counts in one round trip.
 */
export async function listNodePage(
  db: Db,
  { q, ownerId, tab, page, limit, now }: NodeListParams,
  tableFacts: TableFacts = readEveryTime,
): Promise<NodeListPage> {
  const window = { since: windowStart(now), at: now.toISOString(), limit, offset: (page - 1) * limit };
  const status = tab === NODE_TAB_ALL ? undefined : tab;
  const filter: Filter | undefined = q && ownerId ? "q+owner" : q ? "q" : ownerId ? "owner" : undefined;
  const values: FilterValues = {
    ...(q ? { pattern: containsPattern(storedSpelling(q)) } : {}),
    ...(ownerId ? { ownerId } : {}),
  };
  if (filter === "q") {
    const pattern = values.pattern!;
    const pageOf = { pattern, limit, offset: window.offset, ...(status ? { status } : {}) };
    const [ids, counts] = await Promise.all([
      tableFacts(`node-search-page:${tab}:${limit}:${window.offset}:${pattern}`, SEARCH_TABLES, () =>
        searchPageIds(db, status ? "q+tab" : "q", pageOf),
      ),
      tableFacts(`node-search-counts:${pattern}`, SEARCH_TABLES, () => filteredCounts(db, "q", { pattern })),
    ]);
    const rows =
      ids.length === 0
        ? []
        : await nodesById(db, "ids", { since: window.since, at: window.at, ids: ids.map((row) => row.node_id) });
    return { rows, counts: tabCounts(counts[0]?.counts ?? null) };
  }
  let rows: PageRow[];
  if (!filter) rows = await everyNodePage(db, status ? "tab" : "all", { ...window, ...(status ? { status } : {}) });
  else
    rows = await filteredPage(db, status ? `${filter}+tab` : filter, {
      ...values,
      ...window,
      ...(status ? { status } : {}),
    });
  const counts = rows[0]
    ? rows[0].counts
    : ((filter ? await filteredCounts(db, filter, values) : await everyNodeCounts(db, "counts", {}))[0]?.counts ??
      null);
  return { rows: rows.map(({ counts: _counts, ...row }) => row), counts: tabCounts(counts) };
}
