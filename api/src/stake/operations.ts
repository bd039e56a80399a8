import { createRoute } from "@hono/zod-openapi";
import { adminOnly, signedIn, operatorOnly } from "../auth/middleware.ts";
import { csvResponse } from "../shared/csv.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { pagedSchema } from "../shared/schema.ts";
import {
  stakeByIdQuerySchema,
  stakeEventResponseSchema,
  stakeExportQuerySchema,
  stakeHintSchema,
  stakeListQuerySchema,
  stakeResponseSchema,
  stakeSavedSchema,
  stakeStatusQuerySchema,
  stakeStatusResponseSchema,
  stakeTotalQuerySchema,
  stakeTotalSchema,
  unlockHintSchema,
  withdrawHintSchema,
} from "./schema.ts";

/** The stake routes' declarations (spec 7, Stakes); handlers are in routes.ts. Every amount is the chain's, in wei. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const listStakesRoute = createRoute({
  method: "get",
  path: "/",
  ...describe("admin", "Every stake position on the chain, latest stake first, with owner, node, total, status, dates and events; q searches email, wallet, node and status"),
  middleware: [adminOnly] as const,
  request: { query: stakeListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(stakeResponseSchema), "A page of positions"), ...guarded },
});

export const getStakeRoute = createRoute({
  method: "get",
  path: "/getStakeByID",
  ...describe("admin", "One stake position on the chain by its _id (0x<wallet>-0x<node>), with owner, node, total, status, dates and events; 404 when the chain has none"),
  middleware: [adminOnly] as const,
  request: { query: stakeByIdQuerySchema },
  responses: { 200: jsonResponse(stakeResponseSchema, "The position"), ...guarded, 404: notFound },
});

export const stakeTotalRoute = createRoute({
  method: "get",
  path: "/getTotal",
  ...describe("user", "The operator's stake in Stake or Unlock on the chain (on one of their nodes with nodeId), wei"),
  middleware: [operatorOnly] as const,
  request: { query: stakeTotalQuerySchema },
  responses: { 200: jsonResponse(stakeTotalSchema, "tillStake in wei"), ...guarded, 404: notFound },
});

export const stakeStatusRoute = createRoute({
  method: "get",
  path: "/getstatus",
  ...describe("signed-in", "The chain's stake status of a node (the operator's own, or any for an admin) and its position id; null without a stake"),
  middleware: [signedIn] as const,
  request: { query: stakeStatusQuerySchema },
  responses: { 200: jsonResponse(stakeStatusResponseSchema, "currentStatus and _id"), ...guarded, 404: notFound },
});

export const stakeTransactionsRoute = createRoute({
  method: "get",
  path: "/transactions",
  ...describe("signed-in", "Stake, top-up, unlock and unstake events, newest first: the operator's own, or all for an admin; q searches the transaction hash"),
  middleware: [signedIn] as const,
  request: { query: stakeListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(stakeEventResponseSchema), "A page of events"), ...guarded },
});

export const stakeTransactionsExportRoute = createRoute({
  method: "get",
  path: "/transactions/export",
  ...describe("signed-in", "Every matching stake event as CSV (the operator's own, or all for an admin; q searches the transaction hash), amounts in PLI"),
  middleware: [signedIn] as const,
  request: { query: stakeExportQuerySchema },
  responses: { 200: csvResponse("transactions.csv, newest first"), ...guarded },
});

export const stakeHintRoute = createRoute({
  method: "post",
  path: "/",
  ...describe(
    "user",
    "Hint that tnxHash staked or topped up on one of the operator's nodes: answers the chain's position once that event is indexed for the operator's wallet and the node's address (totalStake is ignored); 404 unknown, 409 failed, not yet indexed, not a stake or top-up, or another node's, 403 another wallet's",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(stakeHintSchema),
  responses: { 200: jsonResponse(stakeSavedSchema, "The position as indexed"), ...guarded, 404: notFound, 409: conflict },
});

export const unlockHintRoute = createRoute({
  method: "post",
  path: "/tokenunlock",
  ...describe("admin", "After unlock(wallet, node) from the admin's wallet: answers the position once the chain shows it Unlock, else 409"),
  middleware: [adminOnly] as const,
  request: jsonBody(unlockHintSchema),
  responses: { 200: jsonResponse(stakeSavedSchema, "The position as indexed"), ...guarded, 404: notFound, 409: conflict },
});

export const withdrawHintRoute = createRoute({
  method: "post",
  path: "/tokenwithdraw",
  ...describe("user", "After unstake(node) from the operator's wallet: answers the position once that transaction's unstake event is indexed for this position"),
  middleware: [operatorOnly] as const,
  request: jsonBody(withdrawHintSchema),
  responses: { 200: jsonResponse(stakeSavedSchema, "The position as indexed"), ...guarded, 404: notFound, 409: conflict },
});

const neverChanged = (path: "/delete" | "/deactivate") =>
  createRoute({
    method: "post",
    path,
    ...describe("admin", "Refused: stakes are the chain's, never deleted or deactivated (409)"),
    middleware: [adminOnly] as const,
    responses: { ...guarded, 409: conflict },
  });
export const deleteStakeRoute = neverChanged("/delete");
export const deactivateStakeRoute = neverChanged("/deactivate");
