import { sql, type Selectable, type SelectQueryBuilder } from "kysely";
import { NODE_STATUS, OTHER_PROVIDER, STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import {
  MONITORED_STATUSES,
  reputationViewable,
  scoreOfAverage,
  stoppedAnswering,
  windowStart,
  type NodeStatus,
} from "./rules.ts";
import { healthCounts, latestAnswers, toNodeHealth, type HealthCounts } from "./health.ts";
import type { NodeCreateInput, NodeResponse, NodeResubmitInput } from "./schema.ts";
import type { ActorType, NodeTable } from "./table.ts";

export type NodeRow = Omit<Selectable<NodeTable>, "search_text"> & {
  owner_email: string | null;
  stake_status: StakeStatus | null;
  total_staked: string | null;
  bounty: boolean;
  reputation_avg: number | null;
  health: HealthCounts;
  latest_answers: boolean[] | null;
};

const nodes = (db: Db) => db.selectFrom("app.node as n");
type NodesDb = ReturnType<typeof nodes> extends SelectQueryBuilder<infer DB, infer _Tables, infer _Output> ? DB : never;

/** A node row's own columns, as answered (not its search text). */
const NODE_COLUMNS = [
  "n.id",
  "n.operator_id",
  "n.wallet_address",
  "n.name",
  "n.description",
  "n.logo",
  "n.provider",
  "n.other_provider",
  "n.ipaddress",
  "n.os",
  "n.ram",
  "n.storage",
  "n.security",
  "n.oracle_address",
  "n.node_address",
  "n.network",
  "n.job_id",
  "n.status",
  "n.admin_notes",
  "n.deactivated_by",
  "n.created_at",
  "n.updated_at",
] as const satisfies readonly `n.${Exclude<keyof NodeTable, "search_text">}`[];

/** The operator's nodes that stopped answering at `now`, with their last answer (ISO, null if none in 30 days). */
export async function stoppedNodes(db: Db, operatorId: string, now: Date) {
  const at = now.toISOString();
  const rows = await nodes(db)
    .select(["n.id", "n.name", "n.status"])
    .select([
      latestAnswers(at).as("latest_answers"),
      sql<Date | null>`(
        SELECT max(c.checked_at) FROM app.node_check AS c
        WHERE c.node_id = n.id AND c.answered AND c.checked_at <= ${at}::timestamptz
      )`.as("last_answered_at"),
    ])
    .where("n.operator_id", "=", operatorId)
    .where("n.status", "in", MONITORED_STATUSES)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id")
    .execute();
  return rows
    .filter((row) => stoppedAnswering(row.status, row.latest_answers ?? []))
    .map((row) => ({ _id: row.id, name: row.name, lastAnsweredAt: row.last_answered_at?.toISOString() ?? null }));
}

/**
 * Selects a node response's columns: the node, its owner's email, the bounty flag, the chain's stake
 * position for (wallet, node) and the reputation average since `since`. Each is a subquery run only
 * for the rows of the page (see list.ts), so filtering, ordering and counting touch `app.node` alone.
 * The bounty flag looks the owner's email up in the invites by its unique index: written as a join of
 * operators and invites correlated on the operator, Postgres hashed every operator's email once per query.
 * The health counts are those of the node's checks of the 30 days up to `at` (an ISO time): see healthCounts.
 */
export const withNodeColumns = <O>(query: SelectQueryBuilder<NodesDb, "n", O>, since: string, at: string) =>
  query.select(NODE_COLUMNS).select((eb) => {
    const position = () =>
      eb
        .selectFrom("chain.stake_position as p")
        .whereRef("p.wallet", "=", "n.wallet_address")
        .whereRef("p.node", "=", "n.node_address");
    const ownerEmail = () =>
      eb.selectFrom("app.operator as o").select("o.email").whereRef("o.id", "=", "n.operator_id");
    return [
      ownerEmail().$castTo<string | null>().as("owner_email"),
      position().select("p.status").$castTo<StakeStatus | null>().as("stake_status"),
      position().select("p.total_staked").$castTo<string | null>().as("total_staked"),
      eb
        .exists(
          eb
            .selectFrom("app.invite as i")
            .select("i.id")
            .where("i.email", "=", eb.fn<string>("lower", [ownerEmail()])),
        )
        .$castTo<boolean>()
        .as("bounty"),
      eb
        .selectFrom("app.node_reputation as r")
        .select((inner) => inner.fn.avg<number>("r.value").as("avg"))
        .whereRef("r.node_id", "=", "n.id")
        .where("r.day", ">=", since)
        .$castTo<number | null>()
        .as("reputation_avg"),
      healthCounts(at).as("health"),
      latestAnswers(at).as("latest_answers"),
    ];
  });

/** One node with its facts; `ownerId` limits it to that operator's nodes. */
export function findNode(db: Db, id: string, { ownerId, now }: { ownerId?: string; now: Date }) {
  let query = withNodeColumns(nodes(db), windowStart(now), now.toISOString()).where("n.id", "=", id);
  if (ownerId) query = query.where("n.operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/**
 * The node row locked for an update in `tx`, with its stake status and whitelist on StakingRewards (and the hash of
 * the whitelisting transaction, which an Approved review records in the audit trail).
 */
export function lockNode(tx: Db, id: string, ownerId?: string) {
  let query = tx
    .selectFrom("app.node as n")
    .leftJoin("chain.stake_position as p", (join) =>
      join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"),
    )
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
      eb
        .selectFrom("chain.whitelist as w")
        .select("w.tx_hash")
        .where("w.contract", "=", "StakingRewards")
        .whereRef("w.wallet", "=", "n.wallet_address")
        .whereRef("w.node", "=", "n.node_address")
        .orderBy("w.block_number", "desc")
        .limit(1)
        .as("whitelist_tx_hash"),
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
    .leftJoin("chain.stake_position as p", (join) =>
      join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"),
    )
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("n.operator_id", "=", operatorId)
    .where((eb) => eb.or([eb("n.status", "!=", NODE_STATUS.deActive), eb("p.status", "=", STAKE_STATUS.stake)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of `ipaddress` / `nodeAddress` another node (not `exceptId`) already holds. */
export async function takenFields(
  db: Db,
  { ipaddress, nodeAddress, exceptId }: { ipaddress?: string; nodeAddress?: string; exceptId?: string },
) {
  if (!ipaddress && !nodeAddress) return { ipaddress: false, nodeAddress: false };
  let query = db
    .selectFrom("app.node")
    .select(["ipaddress", "node_address"])
    .where((eb) =>
      eb.or([
        ...(ipaddress ? [eb("ipaddress", "=", ipaddress)] : []),
        ...(nodeAddress ? [eb("node_address", "=", nodeAddress)] : []),
      ]),
    );
  if (exceptId) query = query.where("id", "!=", exceptId);
  const rows = await query.execute();
  return {
    ipaddress: rows.some((row) => row.ipaddress === ipaddress),
    nodeAddress: rows.some((row) => row.node_address === nodeAddress),
  };
}

/** Whether `fileName` is an image the signed-in person uploaded (see upload/routes.ts). */
export const isOwnUpload = async (db: Db, fileName: string, uploader: string) =>
  Boolean(
    await db
      .selectFrom("app.upload")
      .select("file_name")
      .where("file_name", "=", fileName)
      .where("uploaded_by", "=", uploader)
      .executeTakeFirst(),
  );

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
    .values({
      operator_id: owner.operatorId,
      wallet_address: owner.wallet.toLowerCase(),
      ...editableColumns(input),
      os: input.os,
      ram: input.ram,
      storage: input.storage,
      security: input.security,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

export const updateNodeFields = (
  tx: Db,
  id: string,
  input: Omit<NodeResubmitInput, "_id" | "status">,
  status: NodeStatus,
) =>
  tx
    .updateTable("app.node")
    .set({ ...editableColumns(input), status, admin_notes: "", updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();

/** Sets the node's status; `by` is who asked, kept as who De-Activated it while it is De-Active. */
export const updateNodeStatus = (tx: Db, id: string, status: NodeStatus, by: ActorType, adminNotes?: string) =>
  tx
    .updateTable("app.node")
    .set({
      status,
      deactivated_by: status === NODE_STATUS.deActive && by !== "system" ? by : null,
      ...(adminNotes === undefined ? {} : { admin_notes: adminNotes }),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();

/**
 * Whether the (wallet, node) position's latest stake event falls in a month the incentive accrual has not done yet. Its
 * incentive for that month is decided by the node's inactive days, which go with the node: a node deleted before then
 * would have that month accrued as if it had never been inactive. Months are accrued in order, so the latest event's
 * month is the only one to ask about.
 */
export async function stakeAwaitsAccrual(tx: Db, wallet: string, node: string): Promise<boolean> {
  const { rows } = await sql<{ awaits: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM (SELECT max(block_time) AS last FROM chain.stake_event WHERE wallet = ${wallet} AND node = ${node}) AS e
      WHERE e.last IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM app.incentive_accrual_month AS m WHERE m.month = date_trunc('month', e.last AT TIME ZONE 'UTC')::date
      )
    ) AS awaits`.execute(tx);
  return rows[0]!.awaits;
}

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
    deActivatedBy: row.deactivated_by,
    bounty: row.bounty,
    user: { _id: row.operator_id, email: row.owner_email ?? "" },
    stake: { status: stakeStatus, totalStaked: row.total_staked ?? "0" },
    reputationScore: viewable ? scoreOfAverage(row.reputation_avg) : null,
    health: toNodeHealth(row.status, row.health, row.latest_answers),
    date: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
