import { z } from "zod";
import { JOB_RUN_STATUSES, JOB_STATUSES } from "../job/schema.ts";
import { NODE_STATUSES, nodeHistorySchema } from "../node/schema.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import { featureContract } from "../public-contract/feature.ts";
import { idSchema, weiSchema } from "../shared/schema.ts";
import { STAKE_REQUEST_STATUSES } from "../stake-request/schema.ts";

export const REVIEW_EVIDENCE_PATHS = {
  node: "/api/review/evidence",
  job: "/api/review/job-evidence",
} as const;

export const reviewEvidenceQuerySchema = z.object({ nodeId: idSchema });
export const jobEvidenceQuerySchema = z.object({ jobId: idSchema });

const monitorSchema = z.object({
  /** Monitor rounds that probed the node today (UTC); the monitor probes Approved, Active and De-Active nodes. */
  probesToday: z.number().int(),
  answeredToday: z.number().int(),
  /** The latest UTC day (YYYY-MM-DD) the node answered a probe; null when it never did. */
  lastAnsweredDay: z.string().nullable(),
});

const hardwareCheckSchema = z.object({
  /** GB as registered. */
  value: z.number().int(),
  /** The minimum the node rules ask for, GB. */
  minimum: z.number().int(),
  meets: z.boolean(),
});

const stakeStatusSchema = z.enum([STAKE_STATUS.stake, STAKE_STATUS.unlock, STAKE_STATUS.withdraw]).nullable();

/**
 * What an admin reviewing a node (or a stake request on it) needs beside the record: whether it meets the node rules,
 * whether it answers the monitor, the rest of its operator's nodes, stake and requests, and its status history.
 */
export const reviewEvidenceSchema = z.object({
  nodeId: z.string(),
  hardware: z.object({ ram: hardwareCheckSchema, storage: hardwareCheckSchema }),
  monitor: monitorSchema,
  operator: z.object({
    _id: z.string(),
    /** The stake on the chain over all the operator's nodes in Stake or Unlock, wei. */
    totalStaked: weiSchema,
    /** The operator's nodes other than this one, newest first. */
    otherNodes: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        status: z.enum(NODE_STATUSES),
        stakeStatus: stakeStatusSchema,
        totalStaked: weiSchema,
      }),
    ),
    /** The operator's stake requests on any of their nodes, newest first. */
    requests: z.array(
      z.object({
        _id: z.string(),
        nodeName: z.string(),
        status: z.enum(STAKE_REQUEST_STATUSES),
        date: z.string(),
      }),
    ),
  }),
  /** The node's status history, newest first. */
  history: z.array(nodeHistorySchema),
});
export type ReviewEvidence = z.infer<typeof reviewEvidenceSchema>;

/** One step of a job's life: its submission, then each admin edit or review (from the audit trail). */
const jobHistorySchema = z.object({
  date: z.string(),
  action: z.enum(["submitted", "edited", "reviewed"]),
  /** The review status before and after; equal when the step did not change it. */
  fromStatus: z.enum(JOB_STATUSES).nullable(),
  toStatus: z.enum(JOB_STATUSES),
  /** The job status after the step, null while none is set. */
  jobStatus: z.enum(JOB_RUN_STATUSES).nullable(),
  notes: z.string(),
});

/**
 * What an admin reviewing a job needs beside it: the node it runs on (status, stake, its answers to the monitor), the
 * operator's other jobs, and the job's history.
 */
export const jobEvidenceSchema = z.object({
  jobId: z.string(),
  node: z.object({
    _id: z.string(),
    name: z.string(),
    status: z.enum(NODE_STATUSES),
    stakeStatus: stakeStatusSchema,
    totalStaked: weiSchema,
  }),
  monitor: monitorSchema,
  /** The operator's jobs other than this one, newest first. */
  otherJobs: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      nodeName: z.string(),
      status: z.enum(JOB_STATUSES),
      jobStatus: z.enum(JOB_RUN_STATUSES).nullable(),
      date: z.string(),
    }),
  ),
  /** The job's history, newest first. */
  history: z.array(jobHistorySchema),
});
export type JobEvidence = z.infer<typeof jobEvidenceSchema>;

export const REVIEW_EVIDENCE_CONTRACT = featureContract({ reviewEvidence: REVIEW_EVIDENCE_PATHS });
