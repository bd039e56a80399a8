import { z } from "zod";
import { dayRangeInOrder, dayRangeShape } from "../shared/date-range.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import { idSchema, listQuerySchema } from "../shared/schema.ts";
import { STAKE_REQUEST_RULE_MESSAGES, STAKE_REQUEST_STATUSES, REVIEWED_STAKE_REQUEST_STATUSES } from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";

export const STAKE_REQUEST_PATHS = {
  root: "/api/request",
  byId: "/api/request/getRequestByID",
  statusCount: "/api/request/getstatuscount",
  updateStatus: "/api/request/updatestatus",
  delete: "/api/request/delete",
  export: "/api/request/export",
} as const;

export const STAKE_REQUEST_MESSAGES = {
  requestInitiated: "Request Initiated Successfully",
  requestStatusUpdated: "Status Updated Successfully",
  requestDeleted: "Request Deleted Successfully",
  requestNotFound: "Request not found",
  requestNodeNotFound: "Node not found",
  ...STAKE_REQUEST_RULE_MESSAGES,
} as const;

/** POST /api/request/: the node whose staking screen sends it (one of the operator's Approved or Active nodes). */
export const stakeRequestCreateSchema = z.object({ nodeId: idSchema });

/** GET /api/request/: an admin's page (page, limit, q); an operator's statuses, of one node with `nodeId`. */
export const stakeRequestQuerySchema = listQuerySchema.extend({ nodeId: idSchema.optional() });

/** GET /api/request/getRequestByID: one request, for the admin's edit page. */
export const stakeRequestByIdQuerySchema = z.object({ requestId: idSchema });

/** The export's search and optional range of request days (UTC, first and last included). */
export const stakeRequestExportQuerySchema = listQuerySchema
  .pick({ q: true })
  .extend(dayRangeShape)
  .refine(...dayRangeInOrder);

export const stakeRequestStatusUpdateSchema = z.object({
  _id: idSchema,
  status: z.enum(REVIEWED_STAKE_REQUEST_STATUSES, {
    error: `Status must be one of ${REVIEWED_STAKE_REQUEST_STATUSES.join(", ")}`,
  }),
});

const requestStatusSchema = z.enum(STAKE_REQUEST_STATUSES);
const stakeStatusSchema = z.enum([STAKE_STATUS.stake, STAKE_STATUS.unlock, STAKE_STATUS.withdraw]);

/** One of an operator's requests, as the staking screen reads it. */
export const ownStakeRequestSchema = z.object({
  _id: z.string(),
  nodeId: z.string(),
  status: requestStatusSchema,
  date: z.string(),
  lastUpdatedAt: z.string(),
});

/**
 * The operator's answer: `status` and `_id` of the node asked for (`nodeId`), or of the newest request
 * without it, null when there is none; `requests`: the latest request of each of their nodes.
 */
export const ownStakeRequestsSchema = z.object({
  status: requestStatusSchema.nullable(),
  _id: z.string().nullable(),
  requests: z.array(ownStakeRequestSchema),
});

export const stakeRequestResponseSchema = z.object({
  _id: z.string(),
  status: requestStatusSchema,
  date: z.string(),
  lastUpdatedAt: z.string(),
  user: z.object({ _id: z.string(), email: z.string(), walletAddress: z.string() }),
  nodesetting: z.object({
    _id: z.string(),
    name: z.string(),
    nodeAddress: z.string(),
    ipaddress: z.string(),
    status: z.string(),
  }),
  /** The node's stake position on the chain (none or one entry): its `_id`, status and total in wei. */
  stake: z.array(z.object({ _id: z.string(), status: stakeStatusSchema, totalStake: z.string() })),
});
export type StakeRequestResponse = z.infer<typeof stakeRequestResponseSchema>;

export const stakeRequestSavedSchema = z.object({ message: z.string(), data: stakeRequestResponseSchema });
/** One count per status (zero included), as the spec's `{_id: {status}, count}` items. */
export const stakeRequestStatusCountSchema = z.array(
  z.object({ _id: z.object({ status: requestStatusSchema }), count: z.number().int() }),
);

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const STAKE_REQUEST_CONTRACT = featureContract({ stakeRequest: STAKE_REQUEST_PATHS }, STAKE_REQUEST_MESSAGES);
