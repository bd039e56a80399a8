import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { adminOnly, signedIn, userOnly } from "../auth/middleware.ts";
import { csvResponse } from "../shared/csv.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import { ownRequestsSchema, requestByIdQuerySchema, requestCreateSchema, requestExportQuerySchema, requestQuerySchema, requestResponseSchema, requestSavedSchema, requestStatusCountSchema, requestStatusUpdateSchema } from "./schema.ts";

/** The interest request routes' declarations (spec 7, Requests); handlers are in routes.ts. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const listRequestsRoute = createRoute({
  method: "get",
  path: "/",
  ...describe(
    "signed-in",
    "Operator: the status of their request per node (of one node with nodeId). Admin: a page of requests, newest first, with the owner's email and wallet and the node's stake on the chain; q searches email, wallet, status and the node's name, address and IP",
  ),
  middleware: [signedIn] as const,
  request: { query: requestQuerySchema },
  responses: { 200: jsonResponse(z.union([ownRequestsSchema, pagedSchema(requestResponseSchema)]), "The operator's statuses, or a page of requests"), ...guarded },
});

export const addRequestRoute = createRoute({
  method: "post",
  path: "/",
  ...describe("user", "Ask to stake on one of the operator's Approved or Active nodes: a Pending request, one open request per node"),
  middleware: [userOnly] as const,
  request: jsonBody(requestCreateSchema),
  responses: { 201: jsonResponse(requestSavedSchema, "Request Initiated Successfully"), ...guarded, 404: notFound, 409: conflict },
});

export const getRequestRoute = createRoute({
  method: "get",
  path: "/getRequestByID",
  ...describe("admin", "One request with the owner's email and wallet, its node and the node's stake on the chain"),
  middleware: [adminOnly] as const,
  request: { query: requestByIdQuerySchema },
  responses: { 200: jsonResponse(requestResponseSchema, "The request"), ...guarded, 404: notFound },
});

export const statusCountRoute = createRoute({
  method: "get",
  path: "/getstatuscount",
  ...describe("admin", "The number of requests in each status"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(requestStatusCountSchema, "One count per status"), ...guarded },
});

export const updateStatusRoute = createRoute({
  method: "post",
  path: "/updatestatus",
  ...describe(
    "admin",
    "Set a request's status: Verified always, Approved when not already Approved and only once the farm whitelist of (wallet, node) is indexed, Rejected when not already Rejected",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(requestStatusUpdateSchema),
  responses: { 200: jsonResponse(requestSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

export const deleteRequestRoute = createRoute({
  method: "post",
  path: "/delete",
  ...describe("admin", "Delete a request"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound },
});

export const exportRequestsRoute = createRoute({
  method: "get",
  path: "/export",
  ...describe("admin", "Every matching request as CSV (the list's search), newest first, stake totals in PLI"),
  middleware: [adminOnly] as const,
  request: { query: requestExportQuerySchema },
  responses: { 200: csvResponse("requests.csv"), ...guarded },
});
