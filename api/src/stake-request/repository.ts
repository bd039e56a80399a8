import { dayRangeBounds, type DayRange } from "../shared/date-range.ts";
import { sql, type Selectable } from "kysely";
import type { StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { containsPattern, pageOf, rowsOf } from "../shared/list.ts";
import { stakeIdOf } from "../stake/schema.ts";
import type { NodeStatus } from "../node/schema.ts";
import { STAKE_REQUEST_STATUSES, type StakeRequestStatus } from "./rules.ts";
import type { StakeRequestResponse } from "./schema.ts";
import type { StakeRequestTable } from "./table.ts";

export type StakeRequestRow = Selectable<StakeRequestTable> & {
  owner_email: string | null;
  wallet_address: string;
  node_name: string;
  node_address: string;
  ipaddress: string;
  node_status: NodeStatus;
  stake_status: StakeStatus | null;
  total_staked: string | null;
};

/** Requests with their node, the owner's email and the chain's stake position of (node wallet, node address). */
const requestsWithNode = (db: Db) =>
  db
    .selectFrom("app.stake_request as r")
    .innerJoin("app.node as n", "n.id", "r.node_id")
    .leftJoin("app.operator as o", "o.id", "r.operator_id")
    .leftJoin("chain.stake_position as p", (join) =>
      join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"),
    );

/** Requests whose owner's email or wallet, status, or node's name, address or IP contains `q`. */
function requestsMatching(db: Db, q: string) {
  if (!q) return requestsWithNode(db);
  const pattern = containsPattern(q);
  return requestsWithNode(db).where((eb) =>
    eb.or([
      eb("o.email", "ilike", pattern),
      eb("n.wallet_address", "ilike", pattern),
      eb(eb.cast("r.status", "text"), "ilike", pattern),
      eb("n.name", "ilike", pattern),
      eb("n.node_address", "ilike", pattern),
      eb("n.ipaddress", "ilike", pattern),
    ]),
  );
}

const withRequestColumns = <Q extends ReturnType<typeof requestsWithNode>>(query: Q) =>
  query
    .selectAll("r")
    .select([
      sql<string | null>`o.email`.as("owner_email"),
      "n.wallet_address",
      "n.name as node_name",
      "n.node_address",
      "n.ipaddress",
      "n.status as node_status",
      sql<StakeStatus | null>`p.status`.as("stake_status"),
      sql<string | null>`p.total_staked`.as("total_staked"),
    ]);

const newestFirst = <Q extends ReturnType<typeof requestsWithNode>>(query: Q) =>
  withRequestColumns(query).orderBy("r.created_at", "desc").orderBy("r.id");

/** A page of requests, newest first. */
export const listStakeRequests = (db: Db, { q, page, limit }: { q: string; page: number; limit: number }) =>
  pageOf(requestsMatching(db, q), newestFirst, { page, limit });

/** Every matching request, newest first, streamed (the CSV export); with a range, those made in its UTC days. */
export function allStakeRequests(db: Db, q: string, range: DayRange = {}) {
  const { start, end } = dayRangeBounds(range);
  let query = requestsMatching(db, q);
  if (start) query = query.where("r.created_at", ">=", start);
  if (end) query = query.where("r.created_at", "<", end);
  return rowsOf(newestFirst(query));
}

export const findStakeRequest = (db: Db, id: string) =>
  withRequestColumns(requestsWithNode(db)).where("r.id", "=", id).executeTakeFirst();

/** The latest request of each of the operator's nodes (of one node with `nodeId`), newest first. */
export const latestOwnStakeRequests = (db: Db, operatorId: string, nodeId?: string) => {
  let query = db
    .selectFrom("app.stake_request")
    .selectAll()
    .distinctOn("node_id")
    .where("operator_id", "=", operatorId);
  if (nodeId) query = query.where("node_id", "=", nodeId);
  return db
    .selectFrom(query.orderBy("node_id").orderBy("created_at", "desc").as("latest"))
    .selectAll()
    .orderBy("created_at", "desc")
    .execute();
};

/** The request row locked for an update, with whether the farm whitelist of its node's (wallet, node) is indexed. */
export const lockStakeRequest = (tx: Db, id: string) =>
  tx
    .selectFrom("app.stake_request as r")
    .innerJoin("app.node as n", "n.id", "r.node_id")
    .select((eb) => [
      "r.id",
      "r.status",
      eb
        .exists(
          eb
            .selectFrom("chain.whitelist as w")
            .select("w.node")
            .where("w.contract", "=", "PluginFarm")
            .whereRef("w.wallet", "=", "n.wallet_address")
            .whereRef("w.node", "=", "n.node_address"),
        )
        .$castTo<boolean>()
        .as("farm_whitelisted"),
    ])
    .where("r.id", "=", id)
    .forUpdate("r")
    .executeTakeFirst();

export const insertStakeRequest = (db: Db, operatorId: string, nodeId: string) =>
  db
    .insertInto("app.stake_request")
    .values({ operator_id: operatorId, node_id: nodeId })
    .returning("id")
    .executeTakeFirstOrThrow();

export const updateStakeRequestStatus = (tx: Db, id: string, status: StakeRequestStatus) =>
  tx
    .updateTable("app.stake_request")
    .set({ status, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();

/** Deletes the request; answers what it was (undefined when there was none). */
export const deleteStakeRequest = (db: Db, id: string) =>
  db.deleteFrom("app.stake_request").where("id", "=", id).returning(["id", "status", "node_id"]).executeTakeFirst();

/** The number of requests in each status, every status listed. */
export async function countStakeRequestsByStatus(db: Db) {
  const rows = await db
    .selectFrom("app.stake_request")
    .select((eb) => ["status", eb.fn.countAll<string>().as("count")])
    .groupBy("status")
    .execute();
  const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return STAKE_REQUEST_STATUSES.map((status) => ({ _id: { status }, count: counts.get(status) ?? 0 }));
}

export function toStakeRequestResponse(row: StakeRequestRow): StakeRequestResponse {
  return {
    _id: row.id,
    status: row.status,
    date: row.created_at.toISOString(),
    lastUpdatedAt: row.updated_at.toISOString(),
    user: { _id: row.operator_id, email: row.owner_email ?? "", walletAddress: row.wallet_address },
    nodesetting: {
      _id: row.node_id,
      name: row.node_name,
      nodeAddress: row.node_address,
      ipaddress: row.ipaddress,
      status: row.node_status,
    },
    stake:
      row.stake_status === null
        ? []
        : [
            {
              _id: stakeIdOf(row.wallet_address, row.node_address),
              status: row.stake_status,
              totalStake: row.total_staked ?? "0",
            },
          ],
  };
}

export const toOwnStakeRequest = (row: Selectable<StakeRequestTable>) => ({
  _id: row.id,
  nodeId: row.node_id,
  status: row.status,
  date: row.created_at.toISOString(),
  lastUpdatedAt: row.updated_at.toISOString(),
});
