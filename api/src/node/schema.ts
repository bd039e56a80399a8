import { isAddress } from "viem";
import { z } from "zod";
import { LIMITS, NODE_STATUS, OTHER_PROVIDER, PROVIDERS, STAKE_STATUS, USER_TYPE } from "../public-contract/domain.ts";
import { idSchema, text } from "../shared/schema.ts";
import { COMMON_MESSAGES } from "../public-contract/messages.ts";
import {
  NODE_DELETED,
  NODE_STATUSES,
  NODE_TABS,
  REVIEW_STATUSES,
  TOGGLE_STATUSES,
  TRANSITION_MESSAGES,
} from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";

export const NODE_PATHS = {
  root: "/api/nodesetting",
  checkIp: "/api/nodesetting/checkip",
  filterList: "/api/nodesetting/filterlist",
  byId: "/api/nodesetting/getNodeByID",
  edit: "/api/nodesetting/edit",
  delete: "/api/nodesetting/delete",
  deactivate: "/api/nodesetting/deactivate",
  reputation: "/api/nodesetting/viewreputation",
  inactiveDates: "/api/nodesetting/viewinactivedates",
} as const;

export const NODE_MESSAGES = {
  nodeAdded: "Node Added Successfully",
  nodeEdited: "Node Edited Successfully",
  nodeDeleted: "Node Deleted Successfully",
  nodeDeactivated: "Node Deactivated Successfully",
  nodeStatusUpdated: "Node Status Updated Successfully",
  nodeChangedSinceOpened:
    "This node's status changed since you opened it (another admin or the operator): reload it and review it again",
  nodeNotFound: "Node not found",
  ipAddressNotPublic: "Enter the node's public IP address",
  nodeLimitReached: "Maximum Allowed Node Limit Reached",
  nodeLimitText: `You cannot add more than ${LIMITS.maxNodesPerOperator} Validator Nodes at the moment.`,
  nodeAddressTaken: "This node address is already registered",
  ipAddressTaken: "This IP address is already registered",
  ipAddressAvailable: "This IP address is available",
  logoNotYours: "The logo must be an image you uploaded",
  walletAddressNote: "This is the Wallet Address with which the Node will be Associated. It is not modifiable.",
  ramHint: `minimum requirement ${LIMITS.minRamGb} GB`,
  storageHint: `minimum requirement ${LIMITS.minStorageGb} GB`,
  reputationTitle: "Reputation Value for Last 30 Days",
  inactiveDatesTitle: "InActive Date List",
  ...TRANSITION_MESSAGES,
} as const;

/** An address field: `xdc…` is rewritten to `0x…`; stored and answered in lowercase. */
export const addressField = (label: string) =>
  text(64, label)
    .transform((value) => (/^xdc/i.test(value) ? `0x${value.slice(3)}` : value))
    .refine((value) => isAddress(value, { strict: false }), `${label} must be an address (0x… or xdc…)`)
    .transform((value) => value.toLowerCase());

/** An IPv4 or IPv6 address, in one spelling (IPv6 compressed, lowercase) so that duplicates are found. */
export const ipAddressField = text(64, "IP address")
  .refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, "Enter a valid IP address")
  .transform((value) => (value.includes(":") ? new URL(`http://[${value}]`).hostname.slice(1, -1) : value))
  .refine((value) => !/^(0\.|2(2[4-9]|[3-5]\d)\.)/.test(value) && value !== "::", "Enter a unicast IP address");

/** A whole number of GB, at least `min`; a numeric string is accepted (form fields send text). */
const gigabytes = (label: string, min: number, hint: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} is required` })
    .transform((value) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value))
    .pipe(
      z
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number of GB`)
        .min(min, hint)
        .max(1_000_000, `${label} is too large`),
    );

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`).optional();
const logoField = z
  .string()
  .trim()
  .max(200)
  .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*)?$/, "The logo must be an uploaded image's name")
  .optional();
const providerField = z.enum(PROVIDERS, { error: `Provider must be one of ${PROVIDERS.join(", ")}` });

/** Others needs the free-text provider; any other choice clears it (spec 5). */
const withOtherProvider = <T extends { provider?: string; otherProvider?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.provider === OTHER_PROVIDER && !value.otherProvider)
    ctx.addIssue({ code: "custom", path: ["otherProvider"], message: COMMON_MESSAGES.otherProviderRequired });
};
const clearOtherProvider = <T extends { provider?: string; otherProvider?: string | undefined }>(value: T): T =>
  value.provider === undefined || value.provider === OTHER_PROVIDER ? value : { ...value, otherProvider: undefined };

/** The fields an operator may change on a node returned for modification. */
const editableFields = {
  name: text(100, "Name"),
  description: optionalText(2000, "Description"),
  logo: logoField,
  provider: providerField,
  otherProvider: optionalText(100, "Provider name"),
  ipaddress: ipAddressField,
  oracleAddress: addressField("Oracle address"),
  nodeAddress: addressField("Node address"),
};

/**
 * POST /api/nodesetting/: every field but description, logo and otherProvider is required. The wallet comes from the
 * session.
 */
export const nodeCreateSchema = z
  .object({
    ...editableFields,
    os: text(100, "OS"),
    ram: gigabytes("RAM", LIMITS.minRamGb, NODE_MESSAGES.ramHint),
    storage: gigabytes("Storage", LIMITS.minStorageGb, NODE_MESSAGES.storageHint),
    security: text(100, "Security"),
  })
  .superRefine(withOtherProvider)
  .transform(clearOtherProvider);
export type NodeCreateInput = z.infer<typeof nodeCreateSchema>;

const adminNotesField = z.string().trim().max(2000, "Admin notes are too long");
const reviewStatusField = z.enum(REVIEW_STATUSES, { error: `Status must be one of ${REVIEW_STATUSES.join(", ")}` });

/** The owner's edit of a Return node (sent back as Pending). */
export const nodeResubmitSchema = z
  .object({
    _id: idSchema,
    ...editableFields,
    status: z.literal(NODE_STATUS.pending, { error: "A returned node is resubmitted as Pending" }).optional(),
  })
  .superRefine(withOtherProvider)
  .transform(clearOtherProvider);
export type NodeResubmitInput = z.infer<typeof nodeResubmitSchema>;

/** An admin's review: the status and, with Return, the notes. */
/** The status the reviewing admin's page showed: a review of a node whose status changed since is refused (409). */
const fromStatusField = z.enum(NODE_STATUSES, { error: `fromStatus must be one of ${NODE_STATUSES.join(", ")}` });

export const nodeReviewSchema = z.object({
  _id: idSchema,
  status: reviewStatusField,
  adminNotes: adminNotesField.default(""),
  fromStatus: fromStatusField.optional(),
});

/**
 * POST /api/nodesetting/edit as declared: an operator sends a Return node's fields (nodeResubmitSchema),
 * an admin the status and notes (nodeReviewSchema); the route checks the caller's part.
 */
export const nodeEditSchema = z.object({
  _id: idSchema,
  status: reviewStatusField.optional(),
  adminNotes: adminNotesField.optional(),
  fromStatus: fromStatusField.optional(),
  name: editableFields.name.optional(),
  description: editableFields.description,
  logo: editableFields.logo,
  provider: editableFields.provider.optional(),
  otherProvider: editableFields.otherProvider,
  ipaddress: editableFields.ipaddress.optional(),
  oracleAddress: editableFields.oracleAddress.optional(),
  nodeAddress: editableFields.nodeAddress.optional(),
});

export const nodeToggleSchema = z.object({
  _id: idSchema,
  status: z.enum(TOGGLE_STATUSES, { error: `Status must be one of ${TOGGLE_STATUSES.join(", ")}` }),
});
export const nodeIdQuerySchema = z.object({ nodeId: idSchema });
export const nodeSettingIdSchema = z.object({ nodeSettingID: idSchema });
export const checkIpSchema = z.object({ ipaddress: ipAddressField, _id: idSchema.optional() });
export const filterListSchema = z.object({
  status: z.enum(NODE_TABS, { error: `Status must be one of ${NODE_TABS.join(", ")}` }),
});

const stakeStatusSchema = z.enum([STAKE_STATUS.stake, STAKE_STATUS.unlock, STAKE_STATUS.withdraw]);

/** Answered checks of a window out of all its checks; ratio null without checks. */
const uptimeSchema = z.object({ answered: z.number().int(), checks: z.number().int(), ratio: z.number().nullable() });

/** The monitor's view of a node, from its checks of the last 30 days (approved nodes are checked). */
export const nodeHealthSchema = z.object({
  uptime24h: uptimeSchema,
  uptime30d: uptimeSchema,
  /** The last check it answered, within 30 days; null if none. */
  lastAnsweredAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  /** Checks missed since 00:00 UTC. */
  missedToday: z.number().int(),
  /** Stopped answering: its last NODE_HEALTH.downAfterMisses checks were all missed. */
  down: z.boolean(),
});
export type NodeHealth = z.infer<typeof nodeHealthSchema>;

export const nodeResponseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  /** The option chosen; `providerName` is what to show (the free text for Others). */
  provider: z.string(),
  otherProvider: z.string(),
  providerName: z.string(),
  ipaddress: z.string(),
  os: z.string(),
  ram: z.number().int(),
  storage: z.number().int(),
  security: z.string(),
  oracleAddress: z.string(),
  nodeAddress: z.string(),
  walletAddress: z.string(),
  network: z.string(),
  jobID: z.string(),
  status: z.enum(NODE_STATUSES),
  /** The admin's notes; an operator sees them only while the node is Return. */
  adminNotes: z.string(),
  nodeEnable: z.boolean(),
  /** Who made the node De-Active while it is (an admin's De-Active is undone by an admin only); null otherwise. */
  deActivatedBy: z.enum([USER_TYPE.user, USER_TYPE.admin]).nullable(),
  /** The owner's email is on the invite list. */
  bounty: z.boolean(),
  user: z.object({ _id: z.string(), email: z.string() }),
  /** From `chain.stake_position` for (wallet, node): status and stake so far in wei; null status without a stake. */
  stake: z.object({ status: stakeStatusSchema.nullable(), totalStaked: z.string() }),
  /** Average of the last 30 days' values x 5; null where spec 4 shows 'NA'. */
  reputationScore: z.number().nullable(),
  health: nodeHealthSchema,
  date: z.string(),
  updatedAt: z.string(),
});
export type NodeResponse = z.infer<typeof nodeResponseSchema>;

export const nodeHistorySchema = z.object({
  actorType: z.enum([USER_TYPE.user, USER_TYPE.admin, "system"]),
  actorId: z.string().nullable(),
  fromStatus: z.enum(NODE_STATUSES).nullable(),
  toStatus: z.enum([...NODE_STATUSES, NODE_DELETED]),
  notes: z.string(),
  date: z.string(),
});
/** A node with, for an admin, its status history (newest first). */
export const nodeDetailSchema = nodeResponseSchema.extend({ history: z.array(nodeHistorySchema).optional() });
export const nodeSavedSchema = z.object({ message: z.string(), data: nodeResponseSchema });
export const nodeCountsSchema = z.record(z.enum(NODE_TABS), z.number().int());
export const checkIpResponseSchema = z.object({ status: z.boolean(), message: z.string() });
export const reputationResponseSchema = z.object({
  reputationValue: z.array(z.object({ date: z.string(), value: z.number() })),
  score: z.number().nullable(),
  viewable: z.boolean(),
});
export const inactiveDatesResponseSchema = z.object({
  inactiveDates: z.array(z.object({ date: z.string(), insertedDate: z.string() })),
});

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const NODE_CONTRACT = featureContract({ node: NODE_PATHS }, NODE_MESSAGES);
