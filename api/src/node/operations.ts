import { createRoute } from "@hono/zod-openapi";
import { adminOnly, signedIn, operatorOnly } from "../auth/middleware.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, listQuerySchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import {
  checkIpResponseSchema,
  checkIpSchema,
  filterListSchema,
  inactiveDatesResponseSchema,
  nodeCountsSchema,
  nodeCreateSchema,
  nodeDetailSchema,
  nodeEditSchema,
  nodeIdQuerySchema,
  nodeResponseSchema,
  nodeSavedSchema,
  nodeSettingIdSchema,
  nodeToggleSchema,
  reputationResponseSchema,
} from "./schema.ts";

/** The node routes' declarations (spec 7, Nodes); handlers are in routes.ts. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const listNodesRoute = createRoute({
  method: "get",
  path: "/",
  ...describe("signed-in", "Validator nodes: an operator's own, or all for an admin; q searches the owner's email and the search fields"),
  middleware: [signedIn] as const,
  request: { query: listQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(nodeResponseSchema), "A page of nodes, newest first"), ...guarded },
});

export const addNodeRoute = createRoute({
  method: "post",
  path: "/",
  ...describe("user", "Register a validator node (Pending), on the signed-in operator's wallet"),
  middleware: [operatorOnly] as const,
  request: jsonBody(nodeCreateSchema),
  responses: { 201: jsonResponse(nodeSavedSchema, "Added"), ...guarded, 409: conflict },
});

export const checkIpRoute = createRoute({
  method: "post",
  path: "/checkip",
  ...describe("signed-in", "Whether an IP address is free for a node (`_id`: the node being edited)"),
  middleware: [signedIn] as const,
  request: jsonBody(checkIpSchema),
  responses: { 200: jsonResponse(checkIpResponseSchema, "status: true when no other node holds it"), ...guarded },
});

export const filterListRoute = createRoute({
  method: "post",
  path: "/filterlist",
  ...describe("admin", "Node requests of one tab (a status, or All), with the count of every tab for the search"),
  middleware: [adminOnly] as const,
  request: { query: listQuerySchema, ...jsonBody(filterListSchema) },
  responses: { 200: jsonResponse(pagedSchema(nodeResponseSchema).extend({ counts: nodeCountsSchema }), "A page of the tab and every tab's count"), ...guarded },
});

export const nodeByIdRoute = createRoute({
  method: "get",
  path: "/getNodeByID",
  ...describe("signed-in", "One node (the owner's or, for an admin, any, with its status history)"),
  middleware: [signedIn] as const,
  request: { query: nodeIdQuerySchema },
  responses: { 200: jsonResponse(nodeDetailSchema, "The node"), ...guarded, 404: notFound },
});

export const editNodeRoute = createRoute({
  method: "post",
  path: "/edit",
  ...describe("signed-in", "Owner: edit a Return node, which goes back to Pending. Admin: set Pending, Verified, Approved (once whitelisted on chain) or Return with notes"),
  middleware: [signedIn] as const,
  request: jsonBody(nodeEditSchema),
  responses: { 200: jsonResponse(nodeSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

export const deleteNodeRoute = createRoute({
  method: "post",
  path: "/delete",
  ...describe("admin", "Delete a node and its jobs (refused while its stake is Stake or Unlock); its history is kept"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound, 409: conflict },
});

export const toggleNodeRoute = createRoute({
  method: "post",
  path: "/deactivate",
  ...describe("signed-in", "Make De-Active (an Active node) or Make Active (a De-Active node whose stake is Stake); owner or admin"),
  middleware: [signedIn] as const,
  request: jsonBody(nodeToggleSchema),
  responses: { 200: jsonResponse(nodeSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

export const reputationRoute = createRoute({
  method: "post",
  path: "/viewreputation",
  ...describe("signed-in", "A node's reputation values of the last 30 days and its score (owner or admin)"),
  middleware: [signedIn] as const,
  request: jsonBody(nodeSettingIdSchema),
  responses: { 200: jsonResponse(reputationResponseSchema, "Values oldest first"), ...guarded, 404: notFound },
});

export const inactiveDatesRoute = createRoute({
  method: "post",
  path: "/viewinactivedates",
  ...describe("signed-in", "The days of the last 30 on which a node was inactive (owner or admin)"),
  middleware: [signedIn] as const,
  request: jsonBody(nodeSettingIdSchema),
  responses: { 200: jsonResponse(inactiveDatesResponseSchema, "Newest first"), ...guarded, 404: notFound },
});
