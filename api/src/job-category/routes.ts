/**
 * Job categories, the names a job is filed under: unique in any case, and one that a job uses is not removed (the
 * spec's `/api/jobcategory/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { auditActor, recordAudit } from "../audit/index.ts";
import { adminOnly, signedIn } from "../auth/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, messageSchema } from "../shared/schema.ts";
import {
  categoryNameTaken,
  deleteUnusedJobCategory,
  findJobCategory,
  insertJobCategory,
  listJobCategories,
  renameJobCategory,
  toJobCategoryResponse,
} from "./repository.ts";
import {
  JOB_CATEGORY_MESSAGES,
  jobCategoryEditSchema,
  jobCategoryListSchema,
  jobCategorySavedSchema,
  jobCategorySchema,
  JOB_CATEGORY_PATHS,
} from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const list = createRoute({
  method: "get",
  path: JOB_CATEGORY_PATHS.root,
  ...describe("signed-in", "Every job category, in the order they were added, with how many jobs use each"),
  middleware: [signedIn] as const,
  responses: { 200: jsonResponse(jobCategoryListSchema, "The categories"), ...guarded },
});

const add = createRoute({
  method: "post",
  path: JOB_CATEGORY_PATHS.root,
  ...describe("admin", "Add a job category (names are unique in any case)"),
  middleware: [adminOnly] as const,
  request: jsonBody(jobCategorySchema),
  responses: { 201: jsonResponse(jobCategorySavedSchema, "Added"), ...guarded },
});

const rename = createRoute({
  method: "post",
  path: JOB_CATEGORY_PATHS.edit,
  ...describe("admin", "Rename a job category"),
  middleware: [adminOnly] as const,
  request: jsonBody(jobCategoryEditSchema),
  responses: { 200: jsonResponse(jobCategorySavedSchema, "Renamed"), ...guarded, 404: notFound },
});

const remove = createRoute({
  method: "post",
  path: JOB_CATEGORY_PATHS.delete,
  ...describe("admin", "Remove a job category that no job uses"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Removed"), ...guarded, 404: notFound, 409: conflict },
});

const isPgError = (error: unknown, code: string) => (error as { code?: string }).code === code;

/** A name another category took in a race past the check, as the same field error. */
const nameTakenAsFieldError = (error: unknown): never => {
  if (isPgError(error, "23505")) throw validationError({ categoryName: JOB_CATEGORY_MESSAGES.categoryExists });
  throw error;
};

export const jobCategoryRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listJobCategories(c.get("deps").db);
    return c.json({ docs: rows.map(toJobCategoryResponse), totalDocs: rows.length }, 200);
  })
  .openapi(add, async (c) => {
    const { db } = c.get("deps");
    const { categoryName } = c.req.valid("json");
    if (await categoryNameTaken(db, categoryName))
      throw validationError({ categoryName: JOB_CATEGORY_MESSAGES.categoryExists });
    const by = auditActor(c);
    const { id } = await db
      .transaction()
      .execute(async (tx) => {
        const added = await insertJobCategory(tx, categoryName);
        await recordAudit(tx, {
          by,
          action: "jobCategory.add",
          recordType: "jobCategory",
          recordId: added.id,
          before: null,
          after: { categoryName },
        });
        return added;
      })
      .catch(nameTakenAsFieldError);
    return c.json(
      { message: JOB_CATEGORY_MESSAGES.categoryAdded, data: toJobCategoryResponse((await findJobCategory(db, id))!) },
      201,
    );
  })
  .openapi(rename, async (c) => {
    const { db } = c.get("deps");
    const { _id, categoryName } = c.req.valid("json");
    if (await categoryNameTaken(db, categoryName, _id))
      throw validationError({ categoryName: JOB_CATEGORY_MESSAGES.categoryExists });
    const by = auditActor(c);
    const renamed = await db
      .transaction()
      .execute(async (tx) => {
        const before = await findJobCategory(tx, _id);
        const row = await renameJobCategory(tx, _id, categoryName);
        if (row && before)
          await recordAudit(tx, {
            by,
            action: "jobCategory.rename",
            recordType: "jobCategory",
            recordId: _id,
            before: { categoryName: before.category_name },
            after: { categoryName },
          });
        return row;
      })
      .catch(nameTakenAsFieldError);
    if (!renamed) throw new AppError("notFound", JOB_CATEGORY_MESSAGES.categoryNotFound);
    return c.json(
      {
        message: JOB_CATEGORY_MESSAGES.categoryRenamed,
        data: toJobCategoryResponse((await findJobCategory(db, _id))!),
      },
      200,
    );
  })
  .openapi(remove, async (c) => {
    const { db } = c.get("deps");
    const { id } = c.req.valid("json");
    const by = auditActor(c);
    const removed = await db
      .transaction()
      .execute(async (tx) => {
        const before = await findJobCategory(tx, id);
        const row = await deleteUnusedJobCategory(tx, id);
        if (row && before)
          await recordAudit(tx, {
            by,
            action: "jobCategory.delete",
            recordType: "jobCategory",
            recordId: id,
            before: { categoryName: before.category_name },
            after: null,
          });
        return row;
      })
      .catch((error: unknown) => {
        if (isPgError(error, "23503")) throw new AppError("conflict", JOB_CATEGORY_MESSAGES.categoryInUse);
        throw error;
      });
    if (removed) return c.json({ message: JOB_CATEGORY_MESSAGES.categoryRemoved }, 200);
    if (await findJobCategory(db, id)) throw new AppError("conflict", JOB_CATEGORY_MESSAGES.categoryInUse);
    throw new AppError("notFound", JOB_CATEGORY_MESSAGES.categoryNotFound);
  });
