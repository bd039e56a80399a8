import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { adminOnly, signedIn, operatorOnly } from "../auth/middleware.ts";
import { csvResponse } from "../shared/csv.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import { ownStakeRequestsSchema, stakeRequestByIdQuerySchema, stakeRequestCreateSchema, stakeRequestExportQuerySchema, stakeRequestQuerySchema, stakeRequestResponseSchema, stakeRequestSavedSchema, stakeRequestStatusCountSchema, stakeRequestStatusUpdateSchema } from "./schema.ts";

/** The interest request routes' declarations (spec 7, Requests); handlers are in routes.ts. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const listStakeRequestsRoute = createRoute({
  method: "get",
  path: "/",
  ...describe(
    "signed-in",
    "Operator: the status of their request per node (of one node with nodeId). Admin: a page of requests, newest first, with the owner's email and wallet and the node's stake on the chain; q searches email, wallet, status and the node's name, address and IP",
  ),
  middleware: [signedIn] as const,
  request: { query: stakeRequestQuerySchema },
  responses: { 200: jsonResponse(z.union([ownStakeRequestsSchema, pagedSchema(stakeRequestResponseSchema)]), "The operator's statuses, or a page of requests"), ...guarded },
});

export const addStakeRequestRoute = createRoute({
  method: "post",
  path: "/",
  ...describe("user", "Ask to stake on one of the operator's Approved or Active nodes: a Pending request, one open request per node"),
  middleware: [operatorOnly] as const,
  request: jsonBody(stakeRequestCreateSchema),
  responses: { 201: jsonResponse(stakeRequestSavedSchema, "Request Initiated Successfully"), ...guarded, 404: notFound, 409: conflict },
});

export const getStakeRequestRoute = createRoute({
  method: "get",
  path: "/getRequestByID",
  ...describe("admin", "One request with the owner's email and wallet, its node and the node's stake on the chain"),
  middleware: [adminOnly] as const,
  request: { query: stakeRequestByIdQuerySchema },
  responses: { 200: jsonResponse(stakeRequestResponseSchema, "The request"), ...guarded, 404: notFound },
});

export const statusCountRoute = createRoute({
  method: "get",
  path: "/getstatuscount",
  ...describe("admin", "The number of requests in each status"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(stakeRequestStatusCountSchema, "One count per status"), ...guarded },
});

export const updateStatusRoute = createRoute({
  method: "post",
  path: "/updatestatus",
  ...describe(
    "admin",
    "Set a request's status: Verified always, Approved when not already Approved and only once the farm whitelist of (wallet, node) is indexed, Rejected when not already Rejected",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(stakeRequestStatusUpdateSchema),
  responses: { 200: jsonResponse(stakeRequestSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

export const deleteStakeRequestRoute = createRoute({
  method: "post",
  path: "/delete",
  ...describe("admin", "Delete a request"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound },
});

export const exportStakeRequestsRoute = createRoute({
  method: "get",
  path: "/export",
  ...describe("admin", "Every matching request as CSV (the list's search), newest first, stake totals in PLI"),
  middleware: [adminOnly] as const,
  request: { query: stakeRequestExportQuerySchema },
  responses: { 200: csvResponse("requests.csv"), ...guarded },
});
