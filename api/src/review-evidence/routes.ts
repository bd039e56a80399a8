/**
 * What an admin's review of a node or a stake request rests on: RAM and storage against the minimums, the monitor's
 * answers, the operator's other nodes, stakes and requests, and the status history.
 */
import { createRoute } from "@hono/zod-openapi";
import { adminOnly } from "../auth/index.ts";
import { hardwareVerdict, NODE_MESSAGES } from "../node/schema.ts";
import { historyOf, toHistoryResponse } from "../node/index.ts";
import { monitorAnswers } from "../node-monitor/index.ts";
import { AppError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonResponse } from "../shared/openapi.ts";
import { holdsStake, operatorNodes, operatorRequests, reviewedNode } from "./repository.ts";
import { REVIEW_EVIDENCE_PATHS, reviewEvidenceQuerySchema, reviewEvidenceSchema } from "./schema.ts";

/** The evidence beside the admin's review forms (issue 25: reviews come with their evidence). */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound } = ERROR_RESPONSES;

const nodeEvidenceRoute = createRoute({
  method: "get",
  path: REVIEW_EVIDENCE_PATHS.node,
  ...describe(
    "admin",
    "What a node's review rests on: RAM and storage against the minimums, its answers to the monitor, its operator's other nodes, stake and requests, and its status history",
  ),
  middleware: [adminOnly] as const,
  request: { query: reviewEvidenceQuerySchema },
  responses: {
    200: jsonResponse(reviewEvidenceSchema, "The evidence"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
});

export const reviewEvidenceRoutes = createRouter().openapi(nodeEvidenceRoute, async (c) => {
  const { db } = c.get("deps");
  const { nodeId } = c.req.valid("query");
  const node = await reviewedNode(db, nodeId);
  if (!node) throw new AppError("notFound", NODE_MESSAGES.nodeNotFound);
  const [monitor, nodes, requests, history] = await Promise.all([
    monitorAnswers(db, nodeId, new Date()),
    operatorNodes(db, node.operator_id),
    operatorRequests(db, node.operator_id),
    historyOf(db, nodeId),
  ]);
  const totalStaked = nodes
    .filter((row) => holdsStake(row.stake_status))
    .reduce((sum, row) => sum + BigInt(row.total_staked), 0n);
  return c.json(
    {
      nodeId,
      hardware: hardwareVerdict(node),
      monitor,
      operator: {
        _id: node.operator_id,
        totalStaked: totalStaked.toString(),
        otherNodes: nodes
          .filter((row) => row.id !== nodeId)
          .map((row) => ({
            _id: row.id,
            name: row.name,
            status: row.status,
            stakeStatus: row.stake_status,
            totalStaked: row.total_staked,
          })),
        requests: requests.map((row) => ({
          _id: row.id,
          nodeName: row.name,
          status: row.status,
          date: row.created_at.toISOString(),
        })),
      },
      history: history.map(toHistoryResponse),
    },
    200,
  );
});
