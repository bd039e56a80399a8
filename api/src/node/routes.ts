/**
 * Validator nodes: registration by their operator, the admins' review (statuses, notes, history), Make Active and
 * De-Active, deletion, nodes following their stakes on the chain, and the status mails (the spec's
 * `/api/nodesetting/*`).
 */
import type { z } from "zod";
import { ownerScope, adminOnly, signedIn, operatorOnly } from "../auth/index.ts";
import { NODE_STATUS, USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { fieldErrors } from "../shared/validate.ts";
import { historyOf, toHistoryResponse } from "./history.ts";
import { reconcileStakedNodes } from "./reconcile.ts";
import { listNodePage } from "./list.ts";
import { findNode, takenFields, toNodeResponse } from "./repository.ts";
import { NODE_TAB_ALL, reputationScore, reputationViewable, windowStart } from "./rules.ts";
import { inactiveDates, reputationValues } from "./samples.ts";
import {
  NODE_MESSAGES,
  nodeResubmitSchema,
  nodeReviewSchema,
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
  NODE_PATHS,
} from "./schema.ts";
import { refuseNonPublicIp } from "./public-ip.ts";
import { addNode, applyTransition } from "./service.ts";
import { createRoute } from "@hono/zod-openapi";
import { auditActor } from "../audit/index.ts";
import { deleteByIdSchema, listQuerySchema, messageSchema, pagedSchema } from "../shared/schema.ts";

/** The node routes (spec 7, Nodes). */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const listNodesRoute = createRoute({
  method: "get",
  path: NODE_PATHS.root,
  ...describe(
    "signed-in",
    "Validator nodes: an operator's own, or all for an admin; q searches the owner's email and the search fields",
  ),
  middleware: [signedIn] as const,
  request: { query: listQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(nodeResponseSchema), "A page of nodes, newest first"), ...guarded },
});

const addNodeRoute = createRoute({
  method: "post",
  path: NODE_PATHS.root,
  ...describe("user", "Register a validator node (Pending), on the signed-in operator's wallet"),
  middleware: [operatorOnly] as const,
  request: jsonBody(nodeCreateSchema),
  responses: { 201: jsonResponse(nodeSavedSchema, "Added"), ...guarded, 409: conflict },
});

const checkIpRoute = createRoute({
  method: "post",
  path: NODE_PATHS.checkIp,
  ...describe("signed-in", "Whether an IP address is free for a node (`_id`: the node being edited)"),
  middleware: [signedIn] as const,
  request: jsonBody(checkIpSchema),
  responses: { 200: jsonResponse(checkIpResponseSchema, "status: true when no other node holds it"), ...guarded },
});

const filterListRoute = createRoute({
  method: "post",
  path: NODE_PATHS.filterList,
  ...describe("admin", "Node requests of one tab (a status, or All), with the count of every tab for the search"),
  middleware: [adminOnly] as const,
  request: { query: listQuerySchema, ...jsonBody(filterListSchema) },
  responses: {
    200: jsonResponse(
      pagedSchema(nodeResponseSchema).extend({ counts: nodeCountsSchema }),
      "A page of the tab and every tab's count",
    ),
    ...guarded,
  },
});

const nodeByIdRoute = createRoute({
  method: "get",
  path: NODE_PATHS.byId,
  ...describe("signed-in", "One node (the owner's or, for an admin, any, with its status history)"),
  middleware: [signedIn] as const,
  request: { query: nodeIdQuerySchema },
  responses: { 200: jsonResponse(nodeDetailSchema, "The node"), ...guarded, 404: notFound },
});

const editNodeRoute = createRoute({
  method: "post",
  path: NODE_PATHS.edit,
  ...describe(
    "signed-in",
    "Owner: edit a Return node, which goes back to Pending. Admin: set Pending, Verified, Approved (once whitelisted on chain) or Return with notes",
  ),
  middleware: [signedIn] as const,
  request: jsonBody(nodeEditSchema),
  responses: { 200: jsonResponse(nodeSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

const deleteNodeRoute = createRoute({
  method: "post",
  path: NODE_PATHS.delete,
  ...describe("admin", "Delete a node and its jobs (refused while its stake is Stake or Unlock); its history is kept"),
  middleware: [adminOnly] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), ...guarded, 404: notFound, 409: conflict },
});

const toggleNodeRoute = createRoute({
  method: "post",
  path: NODE_PATHS.deactivate,
  ...describe(
    "signed-in",
    "Make De-Active (an Active node) or Make Active (a De-Active node whose stake is Stake); owner or admin",
  ),
  middleware: [signedIn] as const,
  request: jsonBody(nodeToggleSchema),
  responses: { 200: jsonResponse(nodeSavedSchema, "Saved"), ...guarded, 404: notFound, 409: conflict },
});

const reputationRoute = createRoute({
  method: "post",
  path: NODE_PATHS.reputation,
  ...describe("signed-in", "A node's reputation values of the last 30 days and its score (owner or admin)"),
  middleware: [signedIn] as const,
  request: jsonBody(nodeSettingIdSchema),
  responses: { 200: jsonResponse(reputationResponseSchema, "Values oldest first"), ...guarded, 404: notFound },
});

const inactiveDatesRoute = createRoute({
  method: "post",
  path: NODE_PATHS.inactiveDates,
  ...describe("signed-in", "The days of the last 30 on which a node was inactive (owner or admin)"),
  middleware: [signedIn] as const,
  request: jsonBody(nodeSettingIdSchema),
  responses: { 200: jsonResponse(inactiveDatesResponseSchema, "Newest first"), ...guarded, 404: notFound },
});

/** Parses with the caller's part of a shared body schema; a failure answers 400 with the field map. */
function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

/** The node as its reader may see it; 404 when absent or not the operator's. Follows the chain first. */
async function readNode(db: Db, id: string, ownerId: string | undefined) {
  await reconcileStakedNodes(db, id);
  const row = await findNode(db, id, { ownerId, now: new Date() });
  if (!row) throw new AppError("notFound", NODE_MESSAGES.nodeNotFound);
  return toNodeResponse(row, { forOwner: ownerId !== undefined });
}

/**
 * Lists follow the chain through the node-reconcile handler (api/src/handlers.ts, after each indexed range) rather than on
 * each read: reconciling every node per request joined all Approved nodes with the chain's positions.
 */
export const nodeRoutes = createRouter()
  .openapi(listNodesRoute, async (c) => {
    const { db, live } = c.get("deps");
    const query = c.req.valid("query");
    const ownerId = ownerScope(c.get("session")!);
    return cachedJson(c, query, async () => {
      const { rows, counts } = await listNodePage(
        db,
        { ...query, ownerId, tab: NODE_TAB_ALL, now: new Date() },
        (key, tables, read) => live.answers.tableFact(key, tables, read),
      );
      return paged(
        rows.map((row) => toNodeResponse(row, { forOwner: ownerId !== undefined })),
        counts[NODE_TAB_ALL],
        query.page,
        query.limit,
      );
    });
  })
  .openapi(addNodeRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const input = c.req.valid("json");
    refuseNonPublicIp(c.get("deps").config.NODE_PRIVATE_IPS, input.ipaddress);
    const id = await addNode(db, session.sub, input);
    return c.json({ message: NODE_MESSAGES.nodeAdded, data: await readNode(db, id, session.sub) }, 201);
  })
  .openapi(checkIpRoute, async (c) => {
    const { ipaddress, _id } = c.req.valid("json");
    const taken = await takenFields(c.get("deps").db, { ipaddress, exceptId: _id });
    return c.json(
      {
        status: !taken.ipaddress,
        message: taken.ipaddress ? NODE_MESSAGES.ipAddressTaken : NODE_MESSAGES.ipAddressAvailable,
      },
      200,
    );
  })
  .openapi(filterListRoute, async (c) => {
    const { db, live } = c.get("deps");
    const query = c.req.valid("query");
    const { status } = c.req.valid("json");
    return cachedJson(c, { query, status }, async () => {
      const { rows, counts } = await listNodePage(db, { ...query, tab: status, now: new Date() }, (key, tables, read) =>
        live.answers.tableFact(key, tables, read),
      );
      return {
        ...paged(
          rows.map((row) => toNodeResponse(row, { forOwner: false })),
          counts[status],
          query.page,
          query.limit,
        ),
        counts,
      };
    });
  })
  .openapi(nodeByIdRoute, async (c) => {
    const { db } = c.get("deps");
    const { nodeId } = c.req.valid("query");
    const ownerId = ownerScope(c.get("session")!);
    const node = await readNode(db, nodeId, ownerId);
    if (ownerId !== undefined) return c.json(node, 200);
    const history = (await historyOf(db, nodeId)).map(toHistoryResponse);
    return c.json({ ...node, history }, 200);
  })
  .openapi(editNodeRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const body = c.req.valid("json");
    if (session.userType === USER_TYPE.admin) {
      const review = parseOrRefuse(nodeReviewSchema, body);
      await applyTransition(db, {
        nodeId: review._id,
        actor: { type: USER_TYPE.admin, id: session.sub },
        action: { kind: "review", to: review.status },
        notes: review.adminNotes,
        audit: auditActor(c),
        unchanged: review.fromStatus && {
          status: review.fromStatus,
          refusal: NODE_MESSAGES.nodeChangedSinceOpened,
        },
      });
      c.get("deps").mailQueue.wake();
      return c.json({ message: NODE_MESSAGES.nodeStatusUpdated, data: await readNode(db, review._id, undefined) }, 200);
    }
    const { _id, status: _pending, ...fields } = parseOrRefuse(nodeResubmitSchema, body);
    refuseNonPublicIp(c.get("deps").config.NODE_PRIVATE_IPS, fields.ipaddress);
    await applyTransition(db, {
      nodeId: _id,
      ownerId: session.sub,
      actor: { type: USER_TYPE.user, id: session.sub },
      action: { kind: "resubmit" },
      fields,
    });
    return c.json({ message: NODE_MESSAGES.nodeEdited, data: await readNode(db, _id, session.sub) }, 200);
  })
  .openapi(deleteNodeRoute, async (c) => {
    const session = c.get("session")!;
    await applyTransition(c.get("deps").db, {
      nodeId: c.req.valid("json").id,
      actor: { type: USER_TYPE.admin, id: session.sub },
      action: { kind: "delete" },
      audit: auditActor(c),
    });
    c.get("deps").mailQueue.wake();
    return c.json({ message: NODE_MESSAGES.nodeDeleted }, 200);
  })
  .openapi(toggleNodeRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const { _id, status } = c.req.valid("json");
    const ownerId = ownerScope(session);
    await reconcileStakedNodes(db, _id);
    const to = await applyTransition(db, {
      nodeId: _id,
      ownerId,
      actor: { type: session.userType, id: session.sub },
      action: { kind: "toggle", to: status },
      ...(session.userType === USER_TYPE.admin ? { audit: auditActor(c) } : {}),
    });
    if (session.userType === USER_TYPE.admin) c.get("deps").mailQueue.wake();
    const message = to === NODE_STATUS.deActive ? NODE_MESSAGES.nodeDeactivated : NODE_MESSAGES.nodeStatusUpdated;
    return c.json({ message, data: await readNode(db, _id, ownerId) }, 200);
  })
  .openapi(reputationRoute, async (c) => {
    const { db } = c.get("deps");
    const { nodeSettingID } = c.req.valid("json");
    const now = new Date();
    const node = await readNode(db, nodeSettingID, ownerScope(c.get("session")!));
    const values = await reputationValues(db, nodeSettingID, windowStart(now));
    const viewable = reputationViewable(node.status, node.stake.status);
    return c.json(
      { reputationValue: values, score: viewable ? reputationScore(values.map((row) => row.value)) : null, viewable },
      200,
    );
  })
  .openapi(inactiveDatesRoute, async (c) => {
    const { db } = c.get("deps");
    const { nodeSettingID } = c.req.valid("json");
    await readNode(db, nodeSettingID, ownerScope(c.get("session")!));
    const rows = await inactiveDates(db, nodeSettingID, windowStart(new Date()));
    return c.json(
      { inactiveDates: rows.map((row) => ({ date: row.date, insertedDate: row.created_at.toISOString() })) },
      200,
    );
  });
