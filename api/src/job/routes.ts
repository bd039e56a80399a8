/**
 * Oracle jobs operators submit on their nodes: submission and editing, the admins' review of their status, quick
 * updates, deletion and the status mails (the spec's `/api/job/*`).
 */
import { ownerScope, adminOnly, signedIn, operatorOnly } from "../auth/index.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteJob, findJob, jobStatusCounts, listJobs, nodeExists, toJobResponse } from "./repository.ts";
import {
  JOB_MESSAGES,
  jobCreateSchema,
  jobEditSchema,
  jobResponseSchema,
  jobListQuerySchema,
  jobsByNodeSchema,
  jobSavedSchema,
  jobStatusCountsQuerySchema,
  jobStatusCountsSchema,
  JOB_PATHS,
} from "./schema.ts";
import { addJob, editJob } from "./service.ts";
import { createRoute } from "@hono/zod-openapi";
import { auditActor, recordAudit } from "../audit/index.ts";
import { deleteByIdSchema, messageSchema, pagedSchema } from "../shared/schema.ts";

/** The job routes (spec 7, Jobs). */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const jobsByNodeRoute = createRoute({
  method: "post",
  path: JOB_PATHS.byNode,
  ...describe(
    "signed-in",
    "One node's jobs (the owner's node, or any for an admin), newest first; q searches status and job status, status keeps one review status",
  ),
  middleware: [signedIn] as const,
  request: { query: jobListQuerySchema, ...jsonBody(jobsByNodeSchema) },
  responses: {
    200: jsonResponse(pagedSchema(jobResponseSchema), "A page of the node's jobs"),
    ...guarded,
    404: notFound,
  },
});

const listJobsRoute = createRoute({
  method: "get",
  path: JOB_PATHS.root,
  ...describe(
    "admin",
    "Job requests, newest first; q searches oracle addresses, job IDs, cost, sources, status, admin notes and the owner's wallet and email, status keeps one review status",
  ),
  middleware: [adminOnly] as const,
  request: { query: jobListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(jobResponseSchema), "A page of jobs"), ...guarded },
});

const jobStatusCountsRoute = createRoute({
  method: "get",
  path: JOB_PATHS.statusCounts,
  ...describe(
    "signed-in",
    "Jobs per review status (the chips beside 'Search by status'): one node's (the owner's, or any for an admin), or every job for an admin",
  ),
  middleware: [signedIn] as const,
  request: { query: jobStatusCountsQuerySchema },
  responses: { 200: jsonResponse(jobStatusCountsSchema, "Counts per review status"), ...guarded, 404: notFound },
});

const addJobRoute = createRoute({
  method: "post",
  path: JOB_PATHS.root,
  ...describe(
    "user",
    "Submit a job (Pending) for one of the operator's Active nodes; only operators whose role is Validator",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(jobCreateSchema),
  responses: { 201: jsonResponse(jobSavedSchema, "Added"), ...guarded, 404: notFound, 409: conflict },
});

const editJobRoute = createRoute({
  method: "post",
  path: JOB_PATHS.edit,
  ...describe(
    "signed-in",
    "Owner (role Validator): change poll timer, minimum oracle, EAC address, access address and deviation. Admin: any field plus status (Approved, Rejected), adminNotes and jobStatus; the quick update sends {_id, status, adminNotes}. jobChange is computed by the server",
  ),
  middleware: [signedIn] as const,
  request: jsonBody(jobEditSchema),
  responses: { 200: jsonResponse(jobSavedSchema, "Saved"), ...guarded, 404: notFound },
});

const deleteJobRoute = createRoute({
  method: "post",
  path: JOB_PATHS.delete,
  ...describe("admin", "Delete a job"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound },
});

/** The job as answered; 404 when absent or, for an operator, not theirs. */
async function readJob(db: Db, id: string, ownerId: string | undefined) {
  const row = await findJob(db, id, ownerId);
  if (!row) throw new AppError("notFound", JOB_MESSAGES.jobNotFound);
  return toJobResponse(row);
}

export const jobRoutes = createRouter()
  .openapi(jobsByNodeRoute, async (c) => {
    const { db } = c.get("deps");
    const query = c.req.valid("query");
    const { id } = c.req.valid("json");
    const ownerId = ownerScope(c.get("session")!);
    if (!(await nodeExists(db, id, ownerId))) throw new AppError("notFound", JOB_MESSAGES.jobNodeNotFound);
    const { rows, total } = await listJobs(db, {
      q: query.q,
      status: query.status,
      nodeId: id,
      ownerId,
      page: query.page,
      limit: query.limit,
    });
    return c.json(paged(rows.map(toJobResponse), total, query.page, query.limit), 200);
  })
  .openapi(listJobsRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listJobs(c.get("deps").db, query);
    return c.json(paged(rows.map(toJobResponse), total, query.page, query.limit), 200);
  })
  .openapi(jobStatusCountsRoute, async (c) => {
    const { db } = c.get("deps");
    const { nodeId } = c.req.valid("query");
    const ownerId = ownerScope(c.get("session")!);
    if (ownerId && !nodeId) throw validationError({ nodeId: JOB_MESSAGES.jobCountsNeedNode });
    if (nodeId && !(await nodeExists(db, nodeId, ownerId)))
      throw new AppError("notFound", JOB_MESSAGES.jobNodeNotFound);
    return c.json({ counts: await jobStatusCounts(db, { nodeId, ownerId }) }, 200);
  })
  .openapi(addJobRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const id = await addJob(db, session.sub, c.req.valid("json"));
    return c.json({ message: JOB_MESSAGES.jobAdded, data: await readJob(db, id, session.sub) }, 201);
  })
  .openapi(editJobRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const input = c.req.valid("json");
    const admin = session.userType === USER_TYPE.admin;
    const { reviewOnly, deactivated } = await editJob(
      db,
      { type: session.userType, id: session.sub },
      input,
      admin ? auditActor(c) : undefined,
    );
    if (admin) c.get("deps").mailQueue.wake();
    const message = deactivated
      ? JOB_MESSAGES.jobDeactivated
      : reviewOnly
        ? JOB_MESSAGES.jobStatusUpdated
        : JOB_MESSAGES.jobEdited;
    return c.json({ message, data: await readJob(db, input._id, ownerScope(session)) }, 200);
  })
  .openapi(deleteJobRoute, async (c) => {
    const { id } = c.req.valid("json");
    const by = auditActor(c);
    await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const row = await findJob(tx, id, undefined);
        if (!row || !(await deleteJob(tx, id))) throw new AppError("notFound", JOB_MESSAGES.jobNotFound);
        await recordAudit(tx, {
          by,
          action: "job.delete",
          recordType: "job",
          recordId: id,
          before: toJobResponse(row),
          after: null,
        });
      });
    return c.json({ message: JOB_MESSAGES.jobDeleted }, 200);
  });
