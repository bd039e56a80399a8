import { z } from "zod";
import { NODE_STATUSES, nodeHistorySchema } from "../node/schema.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import { featureContract } from "../public-contract/feature.ts";
import { idSchema, weiSchema } from "../shared/schema.ts";
import { STAKE_REQUEST_STATUSES } from "../stake-request/schema.ts";

export const REVIEW_EVIDENCE_PATHS = {
  node: "/api/review/evidence",
} as const;

export const reviewEvidenceQuerySchema = z.object({ nodeId: idSchema });

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
  monitor: z.object({
    /** Monitor rounds that probed the node today (UTC); the monitor probes Approved, Active and De-Active nodes. */
    probesToday: z.number().int(),
    answeredToday: z.number().int(),
    /** The latest UTC day (YYYY-MM-DD) the node answered a probe; null when it never did. */
    lastAnsweredDay: z.string().nullable(),
  }),
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

export const REVIEW_EVIDENCE_CONTRACT = featureContract({ reviewEvidence: REVIEW_EVIDENCE_PATHS });
