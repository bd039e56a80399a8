import { z } from "zod";
import { listQuerySchema, txHashSchema, weiSchema as wei } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const UNCHECKED_PATHS = { root: "/api/unchecked", review: "/api/unchecked/review" } as const;

/**
 * Chain activity the contract does not check, shown to admins and never refused (the chain is the
 * truth): a stake or top-up on a node without an Approved interest request, a stake or top-up off
 * the multiple in force when it was made, and a stake limit change not made through the portal.
 */
export const UNCHECKED_KINDS = ["noApprovedRequest", "offMultiple", "limitChangeOutsidePortal"] as const;
export type UncheckedKind = (typeof UNCHECKED_KINDS)[number];

export const UNCHECKED_MESSAGES = {
  uncheckedTitle: "Chain activity the contract does not check",
  uncheckedText:
    "The staking contract enforces the minimum and maximum stake only. These stakes and limit changes were made on the chain without the portal's checks; nothing is refused, so review them here.",
  uncheckedNoApprovedRequest: "Stake without an approved request",
  uncheckedOffMultiple: "Amount off the multiple",
  uncheckedLimitChangeOutsidePortal: "Limit change not made through the portal",
  uncheckedReviewed: "Marked reviewed",
  uncheckedAlreadyReviewed: "Already marked reviewed",
  uncheckedNotFound: "No such item to review",
  uncheckedNoteRequired: "Write what you checked",
} as const;

/** The longest review note, in characters. */
export const UNCHECKED_NOTE_MAX = 500;

/** Each kind's label, for lists and dashboard cards. */
export const UNCHECKED_KIND_LABELS: Record<UncheckedKind, string> = {
  noApprovedRequest: UNCHECKED_MESSAGES.uncheckedNoApprovedRequest,
  offMultiple: UNCHECKED_MESSAGES.uncheckedOffMultiple,
  limitChangeOutsidePortal: UNCHECKED_MESSAGES.uncheckedLimitChangeOutsidePortal,
};

export const uncheckedQuerySchema = listQuerySchema
  .pick({ page: true, limit: true })
  .extend({ kind: z.enum(UNCHECKED_KINDS).optional() });

/**
 * One item of unchecked activity. For a stake (kind noApprovedRequest or offMultiple): the staker's
 * wallet, the node, the stake event's kind and amount, and for offMultiple the multiple it broke.
 * For a limit change: the sending wallet and the new minimum and maximum. Amounts in wei.
 */
export const uncheckedItemSchema = z.object({
  kind: z.enum(UNCHECKED_KINDS),
  walletAddress: z.string(),
  nodeAddress: z.string().nullable(),
  stakeKind: z.enum(["stake", "topup"]).nullable(),
  amount: wei.nullable(),
  multiple: wei.nullable(),
  minimumStake: wei.nullable(),
  maximumStake: wei.nullable(),
  tnxHash: z.string(),
  blockNumber: z.string(),
  /** With kind and tnxHash, the item's key: one transaction can hold several logs. */
  logIndex: z.number().int(),
  date: z.string(),
});
export type UncheckedItem = z.infer<typeof uncheckedItemSchema>;

export const uncheckedCountsSchema = z.object({
  noApprovedRequest: z.number().int(),
  offMultiple: z.number().int(),
  limitChangeOutsidePortal: z.number().int(),
});
export type UncheckedCounts = z.infer<typeof uncheckedCountsSchema>;

export const uncheckedPageSchema = z.object({
  docs: z.array(uncheckedItemSchema),
  totalDocs: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  /** Every kind's count, whatever the filter. */
  counts: uncheckedCountsSchema,
});

/** Marks one item reviewed (POST /api/unchecked/review): its key and what the admin checked. */
export const uncheckedReviewBodySchema = z.object({
  kind: z.enum(UNCHECKED_KINDS, { error: "Choose a kind of unchecked activity" }),
  tnxHash: txHashSchema,
  logIndex: z.coerce
    .number({ error: "Log index is required" })
    .int("Log index is a whole number")
    .min(0, "Log index is a whole number")
    .max(2_147_483_647, "Log index is a whole number"),
  note: z
    .string({ error: UNCHECKED_MESSAGES.uncheckedNoteRequired })
    .trim()
    .min(1, UNCHECKED_MESSAGES.uncheckedNoteRequired)
    .max(UNCHECKED_NOTE_MAX, `At most ${UNCHECKED_NOTE_MAX} characters`),
});
export type UncheckedReviewBody = z.infer<typeof uncheckedReviewBodySchema>;

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const UNCHECKED_CONTRACT = featureContract(
  { unchecked: UNCHECKED_PATHS.root, uncheckedReview: UNCHECKED_PATHS.review },
  UNCHECKED_MESSAGES,
);
