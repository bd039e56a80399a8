import { sql, type Selectable, type SelectQueryBuilder } from "kysely";
import { NODE_STATUS, OTHER_PROVIDER, STAKE_STATUS, type StakeStatus } from "../contract/domain.ts";
import type { Db } from "../db/database.ts";
import { containsPattern, pageOf } from "../shared/list.ts";
import { NODE_TAB_ALL, NODE_TABS, reputationViewable, scoreOfAverage, windowStart, type NodeStatus, type NodeTab } from "./rules.ts";
import type { NodeCreateInput, NodeResponse, NodeResubmitInput } from "./schema.ts";
import type { NodeTable } from "./table.ts";

export type NodeRow = Selectable<NodeTable> & {
  owner_email: string | null;
  stake_status: StakeStatus | null;
  total_staked: string | null;
  bounty: boolean;
  reputation_avg: number | null;
};

const nodes = (db: Db) => db.selectFrom("app.node as n");
type NodesDb = ReturnType<typeof nodes> extends SelectQueryBuilder<infer DB, infer _Tables, infer _Output> ? DB : never;

/**
 * Selects a node response's columns: the node, its owner's email, the bounty flag, the chain's stake
 * position for (wallet, node) and the reputation average since `since`. Each is a subquery run only
 * for the rows of the page, so filtering, ordering and counting touch `app.node` alone. The bounty
 * flag looks the owner's email up in the invites by its unique index: written as a join of operators
 * and invites correlated on the operator, Postgres hashed every operator's email once per query.
 */
const withNodeColumns = <O>(query: SelectQueryBuilder<NodesDb, "n", O>, since: string) =>
  query.selectAll("n").select((eb) => {
    const position = () => eb.selectFrom("chain.stake_position as p").whereRef("p.wallet", "=", "n.wallet_address").whereRef("p.node", "=", "n.node_address");
    const ownerEmail = () => eb.selectFrom("app.operator as o").select("o.email").whereRef("o.id", "=", "n.operator_id");
    return [
      ownerEmail().$castTo<string | null>().as("owner_email"),
      position().select("p.status").$castTo<StakeStatus | null>().as("stake_status"),
      position().select("p.total_staked").$castTo<string | null>().as("total_staked"),
      eb
        .exists(eb.selectFrom("app.invite as i").select("i.id").where("i.email", "=", eb.fn<string>("lower", [ownerEmail()])))
        .$castTo<boolean>()
        .as("bounty"),
      eb
        .selectFrom("app.node_reputation as r")
        .select((inner) => inner.fn.avg<number>("r.value").as("avg"))
        .whereRef("r.node_id", "=", "n.id")
        .where("r.day", ">=", since)
        .$castTo<number | null>()
        .as("reputation_avg"),
    ];
  });

export interface NodeFilter {
  q: string;
  ownerId?: string;
  status?: NodeStatus;
}

/** The spec 3 search fields of a node. */
const SEARCH_FIELDS = ["provider", "other_provider", "ipaddress", "os", "ram", "storage", "security", "oracle_address", "network", "status"] as const;

/**
 * The search fields of node `alias` in one text, joined by the unit separator U+001F. A search term
 * never holds a control character (the edge refuses them), so a match never spans two fields. The
 * trigram index node_search_idx (migration 2026-11-23T12-00-00) is on this same expression.
 */
export const nodeSearchText = (alias: string) =>
  sql.join(
    SEARCH_FIELDS.map((field) => sql`coalesce(${sql.ref(`${alias}.${field}`)}::text, '')`),
    sql` || chr(31) || `,
  );

/** Nodes matching `q` in the owner's email or a spec 3 search field; `ownerId` limits them to one operator's. */
function nodesMatching(db: Db, { q, ownerId, status }: NodeFilter) {
  let query = nodes(db);
  if (ownerId) query = query.where("n.operator_id", "=", ownerId);
  if (status) query = query.where("n.status", "=", status);
  if (!q) return query;
  const pattern = containsPattern(q);
  return query.where("n.id", "in", (eb) =>
    eb
      .selectFrom("app.node as s")
      .select("s.id")
      .where(sql<boolean>`(${nodeSearchText("s")}) ILIKE ${pattern}`)
      .union(eb.selectFrom("app.node as e").innerJoin("app.operator as o", "o.id", "e.operator_id").select("e.id").where("o.email", "ilike", pattern)),
  );
}

type PageParams = NodeFilter & { page: number; limit: number; now: Date };

const newestFirst = (params: PageParams) => (query: ReturnType<typeof nodes>) =>
  withNodeColumns(query, windowStart(params.now)).orderBy("n.created_at", "desc").orderBy("n.id");

const pageRows = (db: Db, params: PageParams) =>
  newestFirst(params)(nodesMatching(db, params))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit)
    .execute();

/**
 * A page of nodes, newest first, and the total of the filter. Without a search or an owner the total
 * is a status count (app.node_status_count) rather than a count of every node on each request.
 */
export async function listNodes(db: Db, params: PageParams): Promise<{ rows: NodeRow[]; total: number }> {
  if (params.q || params.ownerId) return pageOf(nodesMatching(db, params), newestFirst(params), params);
  const [rows, counts] = await Promise.all([pageRows(db, params), countNodesByTab(db, "")]);
  return { rows, total: counts[params.status ?? NODE_TAB_ALL] };
}

/** An admin tab's page (a status, or All), its total and every tab's count for the search `q`, counted once. */
export async function listNodeTab(db: Db, { tab, ...params }: Omit<PageParams, "status" | "ownerId"> & { tab: NodeTab }) {
  const filter = { ...params, status: tab === NODE_TAB_ALL ? undefined : tab };
  const [rows, counts] = await Promise.all([pageRows(db, filter), countNodesByTab(db, params.q)]);
  return { rows, total: counts[tab], counts };
}

/** Node count per admin tab (each status and All) for the search `q`; without one, from app.node_status_count. */
export async function countNodesByTab(db: Db, q: string): Promise<Record<NodeTab, number>> {
  const rows = q
    ? await nodesMatching(db, { q })
        .select((eb) => ["n.status", eb.fn.countAll<string>().as("count")])
        .groupBy("n.status")
        .execute()
    : await db.selectFrom("app.node_status_count").select(["status", "count"]).execute();
  const counts = Object.fromEntries(NODE_TABS.map((tab) => [tab, 0])) as Record<NodeTab, number>;
  for (const row of rows) {
    counts[row.status] = Number(row.count);
    counts.All += Number(row.count);
  }
  return counts;
}

/** One node with its facts; `ownerId` limits it to that operator's nodes. */
export function findNode(db: Db, id: string, { ownerId, now }: { ownerId?: string; now: Date }) {
  let query = withNodeColumns(nodes(db), windowStart(now)).where("n.id", "=", id);
  if (ownerId) query = query.where("n.operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/** The node row locked for an update in `tx`, with its stake status and whitelist on StakingRewards. */
export function lockNode(tx: Db, id: string, ownerId?: string) {
  let query = tx
    .selectFrom("app.node as n")
    .leftJoin("chain.stake_position as p", (join) => join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"))
    .selectAll("n")
    .select((eb) => [
      eb.ref("p.status").$castTo<StakeStatus | null>().as("stake_status"),
      eb
        .exists(
          eb
            .selectFrom("chain.whitelist as w")
            .select("w.node")
            .where("w.contract", "=", "StakingRewards")
            .whereRef("w.wallet", "=", "n.wallet_address")
            .whereRef("w.node", "=", "n.node_address"),
        )
        .$castTo<boolean>()
        .as("whitelisted"),
    ])
    .where("n.id", "=", id)
    .forUpdate("n");
  if (ownerId) query = query.where("n.operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/** How many of the operator's nodes count towards the node limit (spec 4), from the chain's stake status. */
export async function countNodesTowardLimit(tx: Db, operatorId: string): Promise<number> {
  const row = await tx
    .selectFrom("app.node as n")
    .leftJoin("chain.stake_position as p", (join) => join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"))
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("n.operator_id", "=", operatorId)
    .where((eb) => eb.or([eb("n.status", "!=", NODE_STATUS.deActive), eb("p.status", "=", STAKE_STATUS.stake)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of `ipaddress` / `nodeAddress` another node (not `exceptId`) already holds. */
export async function takenFields(db: Db, { ipaddress, nodeAddress, exceptId }: { ipaddress?: string; nodeAddress?: string; exceptId?: string }) {
  if (!ipaddress && !nodeAddress) return { ipaddress: false, nodeAddress: false };
  let query = db
    .selectFrom("app.node")
    .select(["ipaddress", "node_address"])
    .where((eb) => eb.or([...(ipaddress ? [eb("ipaddress", "=", ipaddress)] : []), ...(nodeAddress ? [eb("node_address", "=", nodeAddress)] : [])]));
  if (exceptId) query = query.where("id", "!=", exceptId);
  const rows = await query.execute();
  return { ipaddress: rows.some((row) => row.ipaddress === ipaddress), nodeAddress: rows.some((row) => row.node_address === nodeAddress) };
}

/** Whether `fileName` is an image the signed-in person uploaded (see upload/routes.ts). */
export const isOwnUpload = async (db: Db, fileName: string, uploader: string) =>
  Boolean(await db.selectFrom("app.upload").select("file_name").where("file_name", "=", fileName).where("uploaded_by", "=", uploader).executeTakeFirst());

const editableColumns = (input: Omit<NodeResubmitInput, "_id" | "status">) => ({
  name: input.name,
  description: input.description ?? "",
  logo: input.logo || null,
  provider: input.provider,
  other_provider: input.provider === OTHER_PROVIDER ? (input.otherProvider ?? null) : null,
  ipaddress: input.ipaddress,
  oracle_address: input.oracleAddress,
  node_address: input.nodeAddress,
});

export const insertNode = (tx: Db, owner: { operatorId: string; wallet: string }, input: NodeCreateInput) =>
  tx
    .insertInto("app.node")
    .values({ operator_id: owner.operatorId, wallet_address: owner.wallet.toLowerCase(), ...editableColumns(input), os: input.os, ram: input.ram, storage: input.storage, security: input.security })
    .returning("id")
    .executeTakeFirstOrThrow();

export const updateNodeFields = (tx: Db, id: string, input: Omit<NodeResubmitInput, "_id" | "status">, status: NodeStatus) =>
  tx
    .updateTable("app.node")
    .set({ ...editableColumns(input), status, admin_notes: "", updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();

export const updateNodeStatus = (tx: Db, id: string, status: NodeStatus, adminNotes?: string) =>
  tx
    .updateTable("app.node")
    .set({ status, ...(adminNotes === undefined ? {} : { admin_notes: adminNotes }), updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();

export const deleteNodeRow = (tx: Db, id: string) => tx.deleteFrom("app.node").where("id", "=", id).execute();

/** The node as answered; an operator sees the admin's notes only while the node is Return. */
export function toNodeResponse(row: NodeRow, { forOwner }: { forOwner: boolean }): NodeResponse {
  const stakeStatus = row.stake_status;
  const viewable = reputationViewable(row.status, stakeStatus);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    logo: row.logo ?? "",
    provider: row.provider,
    otherProvider: row.other_provider ?? "",
    providerName: row.provider === OTHER_PROVIDER && row.other_provider ? row.other_provider : row.provider,
    ipaddress: row.ipaddress,
    os: row.os,
    ram: row.ram,
    storage: row.storage,
    security: row.security,
    oracleAddress: row.oracle_address,
    nodeAddress: row.node_address,
    walletAddress: row.wallet_address,
    network: row.network ?? "",
    jobID: row.job_id ?? "",
    status: row.status,
    adminNotes: forOwner && row.status !== NODE_STATUS.return ? "" : row.admin_notes,
    nodeEnable: row.status !== NODE_STATUS.deActive,
    bounty: row.bounty,
    user: { _id: row.operator_id, email: row.owner_email ?? "" },
    stake: { status: stakeStatus, totalStaked: row.total_staked ?? "0" },
    reputationScore: viewable ? scoreOfAverage(row.reputation_avg) : null,
    date: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
