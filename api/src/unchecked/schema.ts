import { z } from "zod";
import { listQuerySchema, weiSchema as wei } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const UNCHECKED_PATHS = { root: "/api/unchecked" } as const;

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
} as const;

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

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const UNCHECKED_CONTRACT = featureContract({ unchecked: UNCHECKED_PATHS.root }, UNCHECKED_MESSAGES);
