import { recordJobStatusAlert } from "../alert/index.ts";
import { type AuditActor, recordAudit, changedOnly } from "../audit/index.ts";
import { JOB_STATUS, USER_TYPE, type UserType } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { categoryExists, insertJob, lockJob, lockOwnNode, operatorRole, updateJob, valuesOf } from "./repository.ts";
import {
  applyEdit,
  changedFields,
  crossFieldErrors,
  decideSubmit,
  JOB_INITIAL_STATUS,
  JOB_RULE_MESSAGES,
  lockedFieldErrors,
  nextJobChange,
  reviewedRunStatus,
  roleMaySubmit,
} from "./rules.ts";
import { JOB_MESSAGES, type JobCreateInput, type JobEditInput } from "./schema.ts";

/** A category removed while a job was being saved (the foreign key refused it), as the same field error. */
function categoryGoneAsFieldError(error: unknown): never {
  if (
    (error as { code?: string; constraint?: string }).code === "23503" &&
    (error as { constraint?: string }).constraint === "job_category_id_fkey"
  ) {
    throw validationError({ jobCategoryID: JOB_MESSAGES.categoryNotListed });
  }
  throw error;
}

/**
 * Submits a Pending job for one of the operator's nodes. The rules of rules.ts decide (role, own node,
 * Active) while the node's row is held, so its status cannot change before the job is saved.
 */
export async function addJob(db: Db, operatorId: string, input: JobCreateInput): Promise<string> {
  const { nodeSettingID, ...values } = input;
  return db
    .transaction()
    .execute(async (tx) => {
      const decision = decideSubmit(
        await operatorRole(tx, operatorId),
        await lockOwnNode(tx, nodeSettingID, operatorId),
      );
      if (!decision.allowed) throw new AppError(decision.code, decision.reason);
      if (!(await categoryExists(tx, values.jobCategoryID)))
        throw validationError({ jobCategoryID: JOB_MESSAGES.categoryNotListed });
      return (await insertJob(tx, { operatorId, nodeId: nodeSettingID }, values, JOB_INITIAL_STATUS)).id;
    })
    .catch(categoryGoneAsFieldError);
}

/** The admin's review of a job, apart from its fields. */
const REVIEW_FIELDS = ["status", "adminNotes", "jobStatus"] as const;

export interface JobEditor {
  type: UserType;
  id: string;
}

/**
 * Applies an edit to a job: an operator's to their own job only (404 otherwise), only while their role
 * is Validator, and only to the fields they may change; an admin's to any job and field, with the
 * review. jobChange is computed here from what changed. Answers whether only the review was sent, and
 * whether the edit made the job InActive (the spec's 'Job Deactivated Successfully').
 */
export async function editJob(
  db: Db,
  editor: JobEditor,
  input: JobEditInput,
  audit?: AuditActor,
): Promise<{ reviewOnly: boolean; deactivated: boolean }> {
  const { _id, status, adminNotes, jobStatus, updatedAt, ...edit } = input;
  const isAdmin = editor.type === USER_TYPE.admin;
  return db
    .transaction()
    .execute(async (tx) => {
      const row = await lockJob(tx, _id, isAdmin ? undefined : editor.id);
      if (!row) throw new AppError("notFound", JOB_MESSAGES.jobNotFound);
      if (updatedAt !== undefined && row.updated_at.getTime() !== new Date(updatedAt).getTime())
        throw new AppError("conflict", JOB_MESSAGES.jobChangedSinceOpened);
      if (!isAdmin && !roleMaySubmit(await operatorRole(tx, editor.id)))
        throw new AppError("forbidden", JOB_RULE_MESSAGES.onlyValidator);
      const before = valuesOf(row);
      const after = applyEdit(before, edit);
      const changed = changedFields(before, after);
      const runStatus = isAdmin ? reviewedRunStatus(status ?? row.status, jobStatus, row.job_status) : undefined;
      const review = {
        status,
        adminNotes,
        jobStatus: runStatus && "value" in runStatus ? (runStatus.value ?? undefined) : jobStatus,
      };
      const current = { status: row.status, adminNotes: row.admin_notes, jobStatus: row.job_status };
      const reviewChanged = REVIEW_FIELDS.filter(
        (field) => review[field] !== undefined && review[field] !== current[field],
      );
      const errors: Record<string, string> = {
        ...(isAdmin ? {} : lockedFieldErrors([...changed, ...reviewChanged])),
        ...crossFieldErrors(after),
        ...(runStatus && "error" in runStatus ? { jobStatus: runStatus.error } : {}),
      };
      if (changed.includes("jobCategoryID") && !(await categoryExists(tx, after.jobCategoryID)))
        errors.jobCategoryID = JOB_MESSAGES.categoryNotListed;
      if (Object.keys(errors).length > 0) throw validationError(errors);
      await updateJob(tx, _id, {
        values: after,
        jobChange: nextJobChange(row.job_change, changed),
        ...(isAdmin ? { review } : {}),
      });
      const reviewed = {
        status: status ?? row.status,
        jobStatus: review.jobStatus ?? row.job_status,
        adminNotes: adminNotes ?? row.admin_notes,
      };
      if (isAdmin) await recordJobStatusAlert(tx, { job: row, after: reviewed });
      const reviewOnly =
        isAdmin && Object.values(edit).every((value) => value === undefined) && jobStatus === undefined;
      if (isAdmin && audit)
        await recordAudit(tx, {
          by: audit,
          action: reviewOnly ? "job.quickUpdate" : "job.edit",
          recordType: "job",
          recordId: _id,
          ...changedOnly({ ...before, ...current }, { ...after, ...reviewed }),
        });
      const deactivated = isAdmin && reviewChanged.includes("jobStatus") && jobStatus === JOB_STATUS.inActive;
      return { reviewOnly, deactivated };
    })
    .catch(categoryGoneAsFieldError);
}
