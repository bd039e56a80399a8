import type { JobRunStatus, JobStatus } from "../job/schema.ts";
import { STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import type { JobEvidence } from "./schema.ts";

/** The node under review (its figures and operator); undefined for an unknown id. */
export const reviewedNode = (db: Db, nodeId: string) =>
  db
    .selectFrom("app.node as n")
    .select(["n.id", "n.ram", "n.storage", "n.operator_id"])
    .where("n.id", "=", nodeId)
    .executeTakeFirst();

/** Every node of the operator with the chain's stake position of (wallet, node address), newest first. */
export const operatorNodes = (db: Db, operatorId: string) =>
  db
    .selectFrom("app.node as n")
    .leftJoin("chain.stake_position as p", (join) =>
      join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"),
    )
    .select(["n.id", "n.name", "n.status"])
    .select((eb) => [
      eb.ref("p.status").$castTo<StakeStatus | null>().as("stake_status"),
      eb.fn.coalesce("p.total_staked", eb.val("0")).$castTo<string>().as("total_staked"),
    ])
    .where("n.operator_id", "=", operatorId)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id")
    .execute();

/** The operator's stake requests with their node's name, newest first. */
export const operatorRequests = (db: Db, operatorId: string) =>
  db
    .selectFrom("app.stake_request as r")
    .innerJoin("app.node as n", "n.id", "r.node_id")
    .select(["r.id", "r.status", "r.created_at", "n.name"])
    .where("r.operator_id", "=", operatorId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id")
    .execute();

/** Whether a stake position still holds stake on the chain (Stake or Unlock). */
export const holdsStake = (status: StakeStatus | null) =>
  status === STAKE_STATUS.stake || status === STAKE_STATUS.unlock;

/** The job under review with its node and the chain's stake position on it; undefined for an unknown id. */
export const reviewedJob = (db: Db, jobId: string) =>
  db
    .selectFrom("app.job as j")
    .innerJoin("app.node as n", "n.id", "j.node_id")
    .leftJoin("chain.stake_position as p", (join) =>
      join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"),
    )
    .select([
      "j.id",
      "j.operator_id",
      "j.created_at",
      "n.id as node_id",
      "n.name as node_name",
      "n.status as node_status",
    ])
    .select((eb) => [
      eb.ref("p.status").$castTo<StakeStatus | null>().as("stake_status"),
      eb.fn.coalesce("p.total_staked", eb.val("0")).$castTo<string>().as("total_staked"),
    ])
    .where("j.id", "=", jobId)
    .executeTakeFirst();

/** The operator's jobs other than `jobId`, newest first, with their node's name. */
export const otherJobsOf = (db: Db, operatorId: string, jobId: string) =>
  db
    .selectFrom("app.job as j")
    .innerJoin("app.node as n", "n.id", "j.node_id")
    .select(["j.id", "j.name", "j.status", "j.job_status", "j.created_at", "n.name as node_name"])
    .where("j.operator_id", "=", operatorId)
    .where("j.id", "<>", jobId)
    .orderBy("j.created_at", "desc")
    .orderBy("j.id")
    .execute();

/** The admin's edits and reviews of a job as the audit trail kept them, oldest first. */
export const jobAuditOf = (db: Db, jobId: string) =>
  db
    .selectFrom("app.audit_record")
    .select(["action", "occurred_at", "after"])
    .where("record_type", "=", "job")
    .where("record_id", "=", jobId)
    .where("action", "in", ["job.edit", "job.quickUpdate"])
    .orderBy("occurred_at", "asc")
    .orderBy("id")
    .execute();

interface ReviewFields {
  status?: JobStatus;
  jobStatus?: JobRunStatus | null;
  adminNotes?: string;
}

/**
 * A job's history, newest first: its submission (Pending), then each audited admin step, whose `after` holds only what
 * it changed; the quick update is a review, any other step an edit.
 */
export function jobHistory(
  submittedAt: Date,
  audit: { action: string; occurred_at: Date; after: unknown }[],
  initial: JobStatus,
): JobEvidence["history"] {
  let status = initial;
  let jobStatus: JobRunStatus | null = null;
  const steps: JobEvidence["history"] = [
    { date: submittedAt.toISOString(), action: "submitted", fromStatus: null, toStatus: status, jobStatus, notes: "" },
  ];
  for (const row of audit) {
    const after = (row.after ?? {}) as ReviewFields;
    const from = status;
    status = after.status ?? status;
    if (after.jobStatus !== undefined) jobStatus = after.jobStatus;
    steps.push({
      date: row.occurred_at.toISOString(),
      action: row.action === "job.quickUpdate" ? "reviewed" : "edited",
      fromStatus: from,
      toStatus: status,
      jobStatus,
      notes: after.adminNotes ?? "",
    });
  }
  return steps.reverse();
}
