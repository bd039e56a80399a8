import { ownerScope } from "../auth/owner-scope.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter } from "../shared/openapi.ts";
import { addJobRoute, deleteJobRoute, editJobRoute, jobsByNodeRoute, listJobsRoute } from "./operations.ts";
import { deleteJob, findJob, listJobs, nodeExists, toJobResponse } from "./repository.ts";
import { JOB_MESSAGES } from "./schema.ts";
import { addJob, editJob } from "./service.ts";

/** The job as answered; 404 when absent or, for an operator, not theirs. */
async function readJob(db: Db, id: string, ownerId: string | undefined) {
  const row = await findJob(db, id, ownerId);
  if (!row) throw new AppError("notFound", JOB_MESSAGES.jobNotFound);
  return toJobResponse(row);
}

export const jobRoutes = createRouter()
  .openapi(jobsByNodeRoute, async (c) => {
    const { db } = c.var.deps;
    const query = c.req.valid("query");
    const { id } = c.req.valid("json");
    const ownerId = ownerScope(c.get("session")!);
    if (!(await nodeExists(db, id, ownerId))) throw new AppError("notFound", JOB_MESSAGES.jobNodeNotFound);
    const { rows, total } = await listJobs(db, { q: query.q, nodeId: id, ownerId, page: query.page, limit: query.limit });
    return c.json(paged(rows.map(toJobResponse), total, query.page, query.limit), 200);
  })
  .openapi(listJobsRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listJobs(c.var.deps.db, query);
    return c.json(paged(rows.map(toJobResponse), total, query.page, query.limit), 200);
  })
  .openapi(addJobRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    const id = await addJob(db, session.sub, c.req.valid("json"));
    return c.json({ message: JOB_MESSAGES.jobAdded, data: await readJob(db, id, session.sub) }, 201);
  })
  .openapi(editJobRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    const input = c.req.valid("json");
    const { reviewOnly } = await editJob(db, { type: session.userType, id: session.sub }, input);
    if (session.userType === USER_TYPE.admin) c.var.deps.mailQueue.wake();
    const message = reviewOnly ? JOB_MESSAGES.jobStatusUpdated : JOB_MESSAGES.jobEdited;
    return c.json({ message, data: await readJob(db, input._id, ownerScope(session)) }, 200);
  })
  .openapi(deleteJobRoute, async (c) => {
    if (!(await deleteJob(c.var.deps.db, c.req.valid("json").id))) throw new AppError("notFound", JOB_MESSAGES.jobNotFound);
    return c.json({ message: JOB_MESSAGES.jobDeleted }, 200);
  });
