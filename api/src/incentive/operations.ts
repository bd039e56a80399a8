import { createRoute } from "@hono/zod-openapi";
import { adminOnly, signedIn } from "../auth/middleware.ts";
import { csvResponse } from "../shared/csv.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { messageSchema, pagedSchema } from "../shared/schema.ts";
import {
  discrepancyQuerySchema,
  discrepancySchema,
  incentiveByIdQuerySchema,
  incentiveDeleteSchema,
  incentiveExportQuerySchema,
  incentiveListQuerySchema,
  incentiveResponseSchema,
  incentiveSummarySchema,
  payoutHintResponseSchema,
  payoutHintSchema,
  payoutPlanResponseSchema,
  payoutPlanSchema,
} from "./schema.ts";

/** The incentive routes' declarations (spec 7, Incentives); handlers are in routes.ts. Amounts are wei. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const listIncentivesRoute = createRoute({
  method: "get",
  path: "/",
  ...describe("signed-in", "Incentives, newest date first: the operator's own, or all for an admin; q searches by status (a label it begins) or by the start of a wallet, node or payout hash (0x hex)"),
  middleware: [signedIn] as const,
  request: { query: incentiveListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(incentiveResponseSchema), "A page of incentives"), ...guarded },
});

export const getIncentiveRoute = createRoute({
  method: "get",
  path: "/getIncentiveByID",
  ...describe("admin", "One incentive, as the list shows it"),
  middleware: [adminOnly] as const,
  request: { query: incentiveByIdQuerySchema },
  responses: { 200: jsonResponse(incentiveResponseSchema, "The incentive"), ...guarded, 404: notFound },
});

export const exportIncentivesRoute = createRoute({
  method: "get",
  path: "/export",
  ...describe("signed-in", "Every matching incentive as CSV (incentivelist.csv: wallet address, stake id, status, token in PLI, type, txn hash, paid date, created at), streamed"),
  middleware: [signedIn] as const,
  request: { query: incentiveExportQuerySchema },
  responses: { 200: csvResponse("incentivelist.csv, newest date first"), ...guarded },
});

export const incentiveSummaryRoute = createRoute({
  method: "get",
  path: "/summary",
  ...describe("admin", "The incentive cards: count and wei sum of all, paid and unpaid incentives, the indexed reward pool, and how many payments disagree with the incentives"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(incentiveSummarySchema, "Totals"), ...guarded },
});

export const discrepanciesRoute = createRoute({
  method: "get",
  path: "/discrepancies",
  ...describe("admin", "Payments on the chain that disagree with the incentives: another amount than the row with their (wallet, node, date key), or no such row; latest first"),
  middleware: [adminOnly] as const,
  request: { query: discrepancyQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(discrepancySchema), "A page of discrepancies"), ...guarded },
});

export const payoutPlanRoute = createRoute({
  method: "post",
  path: "/payout",
  ...describe(
    "admin",
    "Pay Now's plan for the selected incentives: payRewards(wallets, amounts, dates, nodes) batches that fit a block, amounts from the rows; 409 when a row is paid or of 0, or the indexed reward pool is short",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(payoutPlanSchema),
  responses: { 200: jsonResponse(payoutPlanResponseSchema, "The batches to send"), ...guarded, 404: notFound, 409: conflict },
});

export const payoutHintRoute = createRoute({
  method: "post",
  path: "/update",
  ...describe(
    "admin",
    "Hint that tnxHash paid the selected incentives: matches the payments indexed so far and answers the rows as the chain shows them (only each _id of selectedArray is read); 404 unknown hash, 409 failed, not indexed yet or no payout",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(payoutHintSchema),
  responses: { 200: jsonResponse(payoutHintResponseSchema, "Token Sent Successfully, with the rows"), ...guarded, 404: notFound, 409: conflict },
});

export const deleteIncentiveRoute = createRoute({
  method: "post",
  path: "/delete",
  ...describe("admin", "Delete an UnPaid incentive; a paid one is kept (409)"),
  middleware: [adminOnly] as const,
  request: jsonBody(incentiveDeleteSchema),
  responses: { 200: jsonResponse(messageSchema, "Incentive Deleted Successfully"), ...guarded, 404: notFound, 409: conflict },
});
