import { createRoute } from "@hono/zod-openapi";
import { adminOnly, signedIn, operatorOnly } from "../auth/middleware.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, listQuerySchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import { jobCreateSchema, jobEditSchema, jobResponseSchema, jobsByNodeSchema, jobSavedSchema } from "./schema.ts";

/** The job routes' declarations (spec 7, Jobs); handlers are in routes.ts. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const jobsByNodeRoute = createRoute({
  method: "post",
  path: "/getbynodeid",
  ...describe("signed-in", "One node's jobs (the owner's node, or any for an admin), newest first; q searches status and job status"),
  middleware: [signedIn] as const,
  request: { query: listQuerySchema, ...jsonBody(jobsByNodeSchema) },
  responses: { 200: jsonResponse(pagedSchema(jobResponseSchema), "A page of the node's jobs"), ...guarded, 404: notFound },
});

export const listJobsRoute = createRoute({
  method: "get",
  path: "/",
  ...describe("admin", "Job requests, newest first; q searches oracle addresses, job IDs, cost, sources, status, admin notes and the owner's wallet and email"),
  middleware: [adminOnly] as const,
  request: { query: listQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(jobResponseSchema), "A page of jobs"), ...guarded },
});

export const addJobRoute = createRoute({
  method: "post",
  path: "/",
  ...describe("user", "Submit a job (Pending) for one of the operator's Active nodes; only operators whose role is Validator"),
  middleware: [operatorOnly] as const,
  request: jsonBody(jobCreateSchema),
  responses: { 201: jsonResponse(jobSavedSchema, "Added"), ...guarded, 404: notFound, 409: conflict },
});

export const editJobRoute = createRoute({
  method: "post",
  path: "/edit",
  ...describe(
    "signed-in",
    "Owner (role Validator): change poll timer, minimum oracle, EAC address, access address and deviation. Admin: any field plus status (Approved, Rejected), adminNotes and jobStatus; the quick update sends {_id, status, adminNotes}. jobChange is computed by the server",
  ),
  middleware: [signedIn] as const,
  request: jsonBody(jobEditSchema),
  responses: { 200: jsonResponse(jobSavedSchema, "Saved"), ...guarded, 404: notFound },
});

export const deleteJobRoute = createRoute({
  method: "post",
  path: "/delete",
  ...describe("admin", "Delete a job"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound },
});
