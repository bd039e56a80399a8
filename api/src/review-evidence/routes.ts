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
import { JOB_INITIAL_STATUS, JOB_MESSAGES } from "../job/schema.ts";
import {
  holdsStake,
  jobAuditOf,
  jobHistory,
  operatorNodes,
  operatorRequests,
  otherJobsOf,
  reviewedJob,
  reviewedNode,
} from "./repository.ts";
import {
  jobEvidenceQuerySchema,
  jobEvidenceSchema,
  REVIEW_EVIDENCE_PATHS,
  reviewEvidenceQuerySchema,
  reviewEvidenceSchema,
} from "./schema.ts";

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

const jobEvidenceRoute = createRoute({
  method: "get",
  path: REVIEW_EVIDENCE_PATHS.job,
  ...describe(
    "admin",
    "What a job's review rests on: its node's status, stake and answers to the monitor, the operator's other jobs, and the job's history (its submission and each admin edit or review)",
  ),
  middleware: [adminOnly] as const,
  request: { query: jobEvidenceQuerySchema },
  responses: {
    200: jsonResponse(jobEvidenceSchema, "The evidence"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
});

export const reviewEvidenceRoutes = createRouter()
  .openapi(jobEvidenceRoute, async (c) => {
    const { db } = c.get("deps");
    const { jobId } = c.req.valid("query");
    const job = await reviewedJob(db, jobId);
    if (!job) throw new AppError("notFound", JOB_MESSAGES.jobNotFound);
    const [monitor, others, audit] = await Promise.all([
      monitorAnswers(db, job.node_id, new Date()),
      otherJobsOf(db, job.operator_id, jobId),
      jobAuditOf(db, jobId),
    ]);
    return c.json(
      {
        jobId,
        node: {
          _id: job.node_id,
          name: job.node_name,
          status: job.node_status,
          stakeStatus: job.stake_status,
          totalStaked: job.total_staked,
        },
        monitor,
        otherJobs: others.map((row) => ({
          _id: row.id,
          name: row.name,
          nodeName: row.node_name,
          status: row.status,
          jobStatus: row.job_status,
          date: row.created_at.toISOString(),
        })),
        history: jobHistory(job.created_at, audit, JOB_INITIAL_STATUS),
      },
      200,
    );
  })
  .openapi(nodeEvidenceRoute, async (c) => {
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
