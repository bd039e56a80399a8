import { sql, type Selectable } from "kysely";
import { OTHER_PROVIDER } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { containsPattern, pageOf } from "../shared/list.ts";
import { JOB_STATUSES, type JobRunStatus, type JobStatus, type JobValues } from "./rules.ts";
import type { JobResponse } from "./schema.ts";
import type { JobTable } from "./table.ts";

export type JobRecord = Selectable<JobTable>;

const jobsOf = (db: Db) => db.selectFrom("app.job as j").innerJoin("app.operator as o", "o.id", "j.operator_id");

/** Adds a job's owner, node and category, as the lists and the edit answer it. */
const withContext = (query: ReturnType<typeof jobsOf>) =>
  query
    .innerJoin("app.node as n", "n.id", "j.node_id")
    .innerJoin("app.job_category as c", "c.id", "j.category_id")
    .selectAll("j")
    .select([
      "o.email as owner_email",
      "o.wallet_address as owner_wallet",
      "n.name as node_name",
      "n.ipaddress as node_ipaddress",
      "n.provider as node_provider",
      "n.other_provider as node_other_provider",
      "c.category_name",
    ]);

export type JobRow = Awaited<ReturnType<ReturnType<typeof withContext>["executeTakeFirstOrThrow"]>>;

/** The columns of a job's editable values. */
const columnsOf = (values: JobValues) => ({
  name: values.name,
  description: values.description,
  oracle_address: values.oracleAddress,
  job_id: values.jobID,
  cost: values.cost,
  job_source: values.jobSource,
  job_provider: values.jobProvider,
  category_id: values.jobCategoryID,
  index_pair: values.indexPair,
  contract_address: values.contractAddress,
  network: values.network,
  polltimer: values.polltimer,
  minimum_oracle: values.minimumOracle,
  eac_address: values.eacAddress,
  access_address: values.accessAddress,
  deviation: values.deviation,
});

/** A stored job's editable values, in the shape an edit is compared in. */
export const valuesOf = (row: JobRecord): JobValues => ({
  name: row.name,
  description: row.description,
  oracleAddress: row.oracle_address,
  jobID: row.job_id,
  cost: row.cost,
  jobSource: row.job_source,
  jobProvider: row.job_provider,
  jobCategoryID: row.category_id,
  indexPair: row.index_pair,
  contractAddress: row.contract_address,
  network: row.network,
  polltimer: row.polltimer,
  minimumOracle: row.minimum_oracle,
  eacAddress: row.eac_address,
  accessAddress: row.access_address,
  deviation: row.deviation,
});

/** The spec 2 search of the admin list: these job fields and the owner's wallet (their name) and email. */
const ADMIN_SEARCH = [
  "j.oracle_address",
  "j.job_id",
  "j.job_source",
  "j.admin_notes",
  "o.wallet_address",
  "o.email",
] as const;

export interface JobFilter {
  q: string;
  /** One node's jobs (the operator's list); the search then covers status and job status only. */
  nodeId?: string;
  ownerId?: string;
  /** One review status only (the list's chip). */
  status?: JobStatus | undefined;
}

function jobsMatching(db: Db, { q, nodeId, ownerId, status }: JobFilter) {
  let query = jobsOf(db);
  if (nodeId) query = query.where("j.node_id", "=", nodeId);
  if (ownerId) query = query.where("j.operator_id", "=", ownerId);
  if (status) query = query.where("j.status", "=", status);
  if (!q) return query;
  const pattern = containsPattern(q);
  if (nodeId)
    return query.where((eb) =>
      eb.or([eb(sql<string>`j.status`, "ilike", pattern), eb(sql<string>`j.job_status`, "ilike", pattern)]),
    );
  return query.where((eb) =>
    eb.or([
      ...ADMIN_SEARCH.map((column) => eb(column, "ilike", pattern)),
      eb(sql<string>`j.cost::text`, "ilike", pattern),
      eb(sql<string>`j.status`, "ilike", pattern),
    ]),
  );
}

/** A page of jobs, newest first. */
export const listJobs = (db: Db, params: JobFilter & { page: number; limit: number }) =>
  pageOf(
    jobsMatching(db, params),
    (query) => withContext(query).orderBy("j.created_at", "desc").orderBy("j.id"),
    params,
  );

/** Jobs per review status, in JOB_STATUSES' order: one node's, one operator's (`ownerId`) or everybody's. */
export async function jobStatusCounts(
  db: Db,
  { nodeId, ownerId }: { nodeId?: string | undefined; ownerId?: string | undefined },
): Promise<{ status: JobStatus; count: number }[]> {
  let query = db.selectFrom("app.job").select(["status", (eb) => eb.fn.countAll<string>().as("count")]);
  if (nodeId) query = query.where("node_id", "=", nodeId);
  if (ownerId) query = query.where("operator_id", "=", ownerId);
  const rows = await query.groupBy("status").execute();
  return JOB_STATUSES.map((status) => ({
    status,
    count: Number(rows.find((row) => row.status === status)?.count ?? 0),
  }));
}

/** One job with its context; `ownerId` limits it to that operator's jobs. */
export function findJob(db: Db, id: string, ownerId?: string) {
  let query = withContext(jobsOf(db)).where("j.id", "=", id);
  if (ownerId) query = query.where("j.operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/** The job row locked for an update in `tx`; `ownerId` limits it to that operator's jobs. */
export function lockJob(tx: Db, id: string, ownerId?: string) {
  let query = tx.selectFrom("app.job").selectAll().where("id", "=", id).forUpdate();
  if (ownerId) query = query.where("operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/** The operator's node, its status held (FOR SHARE) until `tx` ends; undefined when absent or not theirs. */
export const lockOwnNode = (tx: Db, nodeId: string, operatorId: string) =>
  tx
    .selectFrom("app.node")
    .select("status")
    .where("id", "=", nodeId)
    .where("operator_id", "=", operatorId)
    .forShare()
    .executeTakeFirst();

/** Whether the owner of `ownerId` (or, for an admin, anyone) has node `nodeId`. */
export async function nodeExists(db: Db, nodeId: string, ownerId?: string) {
  let query = db.selectFrom("app.node").select("id").where("id", "=", nodeId);
  if (ownerId) query = query.where("operator_id", "=", ownerId);
  return Boolean(await query.executeTakeFirst());
}

/** The operator's role now (refreshed by the validator check at each sign-in). */
export const operatorRole = async (db: Db, operatorId: string) =>
  (await db.selectFrom("app.operator").select("user_role").where("id", "=", operatorId).executeTakeFirst())
    ?.user_role ?? null;

export const categoryExists = async (db: Db, id: string) =>
  Boolean(await db.selectFrom("app.job_category").select("id").where("id", "=", id).executeTakeFirst());

export const insertJob = (
  tx: Db,
  owner: { operatorId: string; nodeId: string },
  values: JobValues,
  status: JobStatus,
) =>
  tx
    .insertInto("app.job")
    .values({ operator_id: owner.operatorId, node_id: owner.nodeId, ...columnsOf(values), status })
    .returning("id")
    .executeTakeFirstOrThrow();

export interface JobUpdate {
  values: JobValues;
  jobChange: boolean;
  review?: { status?: JobStatus; adminNotes?: string; jobStatus?: JobRunStatus };
}

export const updateJob = (tx: Db, id: string, { values, jobChange, review = {} }: JobUpdate) =>
  tx
    .updateTable("app.job")
    .set({
      ...columnsOf(values),
      job_change: jobChange,
      ...(review.status === undefined ? {} : { status: review.status }),
      ...(review.adminNotes === undefined ? {} : { admin_notes: review.adminNotes }),
      ...(review.jobStatus === undefined ? {} : { job_status: review.jobStatus }),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();

export const deleteJob = (db: Db, id: string) =>
  db.deleteFrom("app.job").where("id", "=", id).returning("id").executeTakeFirst();

export function toJobResponse(row: JobRow): JobResponse {
  return {
    _id: row.id,
    ...valuesOf(row),
    categoryName: row.category_name,
    nodeSettingID: row.node_id,
    status: row.status,
    jobStatus: row.job_status,
    adminNotes: row.admin_notes,
    jobChange: row.job_change,
    date: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    user: {
      _id: row.operator_id,
      name: row.owner_wallet,
      email: row.owner_email ?? "",
      walletAddress: row.owner_wallet,
    },
    nodesetting: {
      _id: row.node_id,
      name: row.node_name,
      ipaddress: row.node_ipaddress,
      provider:
        row.node_provider === OTHER_PROVIDER && row.node_other_provider ? row.node_other_provider : row.node_provider,
    },
  };
}
