/**
 * Operators' interest in staking on a node (`app.stake_request`, one open request per node): submission, the admins'
 * review, lists, counts and CSV export (the spec's `/api/request/*`).
 */
import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { csvHeaders, csvStream, csvResponse } from "../shared/csv.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { pliText } from "../shared/pli.ts";
import {
  allStakeRequests,
  countStakeRequestsByStatus,
  findStakeRequest,
  latestOwnStakeRequests,
  listStakeRequests,
  toOwnStakeRequest,
  toStakeRequestResponse,
  type StakeRequestRow,
} from "./repository.ts";
import {
  STAKE_REQUEST_MESSAGES,
  ownStakeRequestsSchema,
  stakeRequestByIdQuerySchema,
  stakeRequestCreateSchema,
  stakeRequestExportQuerySchema,
  stakeRequestQuerySchema,
  stakeRequestResponseSchema,
  stakeRequestSavedSchema,
  stakeRequestStatusCountSchema,
  stakeRequestStatusUpdateSchema,
  STAKE_REQUEST_PATHS,
} from "./schema.ts";
import { changeStakeRequestStatus, createStakeRequest, removeStakeRequest } from "./service.ts";
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { auditActor } from "../audit/index.ts";
import { adminOnly, signedIn, operatorOnly } from "../auth/index.ts";
import { deleteByIdSchema, messageSchema, pagedSchema } from "../shared/schema.ts";

/** The interest request routes (spec 7, Requests). */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const listStakeRequestsRoute = createRoute({
  method: "get",
  path: STAKE_REQUEST_PATHS.root,
  ...describe(
    "signed-in",
    "Operator: the status of their request per node (of one node with nodeId). Admin: a page of requests, newest first, with the owner's email and wallet and the node's stake on the chain; q searches email, wallet, status and the node's name, address and IP",
  ),
  middleware: [signedIn] as const,
  request: { query: stakeRequestQuerySchema },
  responses: {
    200: jsonResponse(
      z.union([ownStakeRequestsSchema, pagedSchema(stakeRequestResponseSchema)]),
      "The operator's statuses, or a page of requests",
    ),
    ...guarded,
  },
});

const addStakeRequestRoute = createRoute({
  method: "post",
  path: STAKE_REQUEST_PATHS.root,
  ...describe(
    "user",
    "Ask to stake on one of the operator's Approved or Active nodes: a Pending request, one open request per node",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(stakeRequestCreateSchema),
  responses: {
    201: jsonResponse(stakeRequestSavedSchema, "Request Initiated Successfully"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const getStakeRequestRoute = createRoute({
  method: "get",
  path: STAKE_REQUEST_PATHS.byId,
  ...describe("admin", "One request with the owner's email and wallet, its node and the node's stake on the chain"),
  middleware: [adminOnly] as const,
  request: { query: stakeRequestByIdQuerySchema },
  responses: { 200: jsonResponse(stakeRequestResponseSchema, "The request"), ...guarded, 404: notFound },
});

const statusCountRoute = createRoute({
  method: "get",
  path: STAKE_REQUEST_PATHS.statusCount,
  ...describe("admin", "The number of requests in each status"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(stakeRequestStatusCountSchema, "One count per status"), ...guarded },
});

const updateStatusRoute = createRoute({
  method: "post",
  path: STAKE_REQUEST_PATHS.updateStatus,
  ...describe(
    "admin",
    "Set a request's status: Verified always, Approved when not already Approved and only once the farm whitelist of (wallet, node) is indexed, Rejected when not already Rejected",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(stakeRequestStatusUpdateSchema),
  responses: { 200: jsonResponse(stakeRequestSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

const deleteStakeRequestRoute = createRoute({
  method: "post",
  path: STAKE_REQUEST_PATHS.delete,
  ...describe("admin", "Delete a request"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound },
});

const exportStakeRequestsRoute = createRoute({
  method: "get",
  path: STAKE_REQUEST_PATHS.export,
  ...describe("admin", "Every matching request as CSV (the list's search), newest first, stake totals in PLI"),
  middleware: [adminOnly] as const,
  request: { query: stakeRequestExportQuerySchema },
  responses: { 200: csvResponse("requests.csv"), ...guarded },
});

const REQUEST_COLUMNS = [
  "Date",
  "Status",
  "Email",
  "Wallet Address",
  "Node Name",
  "Node Address",
  "Stake Status",
  "Total Stake (PLI)",
  "Last Updated At",
];
const requestCells = (row: StakeRequestRow) => [
  row.created_at.toISOString(),
  row.status,
  row.owner_email,
  row.wallet_address,
  row.node_name,
  row.node_address,
  row.stake_status,
  row.total_staked === null ? null : pliText(BigInt(row.total_staked)),
  row.updated_at.toISOString(),
];

async function readRequest(db: Db, id: string) {
  const row = await findStakeRequest(db, id);
  if (!row) throw new AppError("notFound", STAKE_REQUEST_MESSAGES.requestNotFound);
  return toStakeRequestResponse(row);
}

export const stakeRequestRoutes = createRouter()
  .openapi(listStakeRequestsRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const query = c.req.valid("query");
    if (session.userType === USER_TYPE.admin) {
      const { rows, total } = await listStakeRequests(db, query);
      return c.json(paged(rows.map(toStakeRequestResponse), total, query.page, query.limit), 200);
    }
    const requests = (await latestOwnStakeRequests(db, session.sub, query.nodeId)).map(toOwnStakeRequest);
    const current = requests[0];
    return c.json({ status: current?.status ?? null, _id: current?._id ?? null, requests }, 200);
  })
  .openapi(addStakeRequestRoute, async (c) => {
    const { db } = c.get("deps");
    const id = await createStakeRequest(db, c.get("session")!.sub, c.req.valid("json").nodeId);
    return c.json({ message: STAKE_REQUEST_MESSAGES.requestInitiated, data: await readRequest(db, id) }, 201);
  })
  .openapi(getStakeRequestRoute, async (c) =>
    c.json(await readRequest(c.get("deps").db, c.req.valid("query").requestId), 200),
  )
  .openapi(statusCountRoute, async (c) => c.json(await countStakeRequestsByStatus(c.get("deps").db), 200))
  .openapi(updateStatusRoute, async (c) => {
    const { db } = c.get("deps");
    const { _id, status } = c.req.valid("json");
    await changeStakeRequestStatus(db, _id, status, auditActor(c));
    return c.json({ message: STAKE_REQUEST_MESSAGES.requestStatusUpdated, data: await readRequest(db, _id) }, 200);
  })
  .openapi(exportStakeRequestsRoute, async (c) =>
    c.body(
      csvStream(
        REQUEST_COLUMNS,
        allStakeRequests(c.get("deps").db, c.req.valid("query").q, c.req.valid("query")),
        requestCells,
      ),
      200,
      csvHeaders("requests.csv"),
    ),
  )
  .openapi(deleteStakeRequestRoute, async (c) => {
    await removeStakeRequest(c.get("deps").db, c.req.valid("json").id, auditActor(c));
    return c.json({ message: STAKE_REQUEST_MESSAGES.requestDeleted }, 200);
  });
