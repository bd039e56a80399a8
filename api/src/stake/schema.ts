import { z } from "zod";
import { priceSchema, usdSchema } from "../price/schema.ts";
import { dayRangeInOrder, dayRangeShape } from "../shared/date-range.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import { idSchema, listQuerySchema, txHashSchema as txHash, weiSchema as wei } from "../shared/schema.ts";
import { parseStakeId, STAKE_AMOUNT_MESSAGES, STAKE_HINT_MESSAGES, STAKE_MAX_MESSAGES } from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";

export const STAKE_PATHS = {
  root: "/api/stake",
  total: "/api/stake/getTotal",
  status: "/api/stake/getstatus",
  byId: "/api/stake/getStakeByID",
  transactions: "/api/stake/transactions",
  transactionsExport: "/api/stake/transactions/export",
  unlock: "/api/stake/tokenunlock",
  withdraw: "/api/stake/tokenwithdraw",
  delete: "/api/stake/delete",
  deactivate: "/api/stake/deactivate",
} as const;

export const STAKE_MESSAGES = {
  stakingDone: "Staking Done Successfully",
  stakingDoneText: "Your staking has been added in to blockchain",
  tokenUnlocked: "Token Unlocked Successfully",
  tokenWithdrawn: "Token Withdrawn Successfully",
  stakeNotFound: "No stake position for this wallet and node",
  stakeNodeNotFound: "Node not found",
  stakeNotUnlocked:
    "The stake is not unlocked on the chain yet: send unlock(wallet, node address) and try again once the transaction is indexed",
  stakeAlreadyWithdrawn: "The stake has already been withdrawn",
  chainDerived: "Stakes come from the chain: chain-derived records are never deleted or deactivated",
  ...STAKE_AMOUNT_MESSAGES,
  ...STAKE_MAX_MESSAGES,
  ...STAKE_HINT_MESSAGES,
} as const;

const stakeStatusSchema = z.enum([STAKE_STATUS.stake, STAKE_STATUS.unlock, STAKE_STATUS.withdraw]);

/** A stake position's `_id`, `0x<wallet>-0x<node>` (see stakeIdOf), read as its (wallet, node). */
export const stakeIdField = z
  .string({ error: "Stake id is required" })
  .trim()
  .transform((value, ctx) => {
    const key = parseStakeId(value);
    if (key) return key;
    ctx.addIssue({ code: "custom", message: "Invalid stake id" });
    return z.NEVER;
  });

export const stakeListQuerySchema = listQuerySchema;
/** The export's search and optional range of event days (UTC, first and last included). */
export const stakeExportQuerySchema = listQuerySchema
  .pick({ q: true })
  .extend(dayRangeShape)
  .refine(...dayRangeInOrder);
export const stakeTotalQuerySchema = z.object({ nodeId: idSchema.optional() });
export const stakeStatusQuerySchema = z.object({ nodeId: idSchema });
/** GET /api/stake/getStakeByID: one position by its `_id`, for the admin's stake page. */
export const stakeByIdQuerySchema = z.object({ stakeId: stakeIdField });

/**
 * POST /api/stake/: a hint that `tnxHash` staked or topped up on the node. The API answers the chain's
 * position once the indexer has that event; `totalStake` is accepted as the spec sends it and ignored.
 */
export const stakeHintSchema = z.object({
  nodeId: idSchema,
  tnxHash: txHash,
  totalStake: z.union([z.string().max(100), z.number()]).optional(),
});
export const unlockHintSchema = z.object({ _id: stakeIdField });
export const withdrawHintSchema = z.object({ _id: stakeIdField, transactionHash: txHash });

export const stakeTransactionSchema = z.object({
  _id: z.string(),
  /** stake, topup, unlock or unstake. */
  kind: z.enum(["stake", "topup", "unlock", "unstake"]),
  /** The event's amount in wei (for an unlock: the total unlocked). */
  totalStake: wei,
  /** The position's total in wei once the event applied. */
  totalAfter: wei,
  tnxHash: z.string(),
  date: z.string(),
  blockNumber: z.string(),
});

/** A stake position (wallet, node) as the chain shows it; `transaction` holds its events, newest first. */
export const stakeResponseSchema = z.object({
  _id: z.string(),
  walletAddress: z.string(),
  nodeAddress: z.string(),
  /** The portal's node with this node address, null when none. */
  nodeId: z.string().nullable(),
  status: stakeStatusSchema,
  /** What the contract holds for the position, wei: 0 once withdrawn. */
  totalStake: wei,
  tnxHash: z.string(),
  date: z.string(),
  lastStakedAt: z.string(),
  isUnlocked: z.boolean(),
  unlockTnxHash: z.string().nullable(),
  unlockedAt: z.string().nullable(),
  withdrawStake: wei.nullable(),
  withdrawTnxHash: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  user: z.object({ _id: z.string().nullable(), email: z.string(), walletAddress: z.string() }),
  nodesetting: z.object({
    _id: z.string().nullable(),
    name: z.string(),
    walletAddress: z.string(),
    nodeAddress: z.string(),
  }),
  transaction: z.array(stakeTransactionSchema),
});
export type StakeResponse = z.infer<typeof stakeResponseSchema>;

/** One stake event in the transaction list, with its position's current status and `_id` (for Withdraw). */
export const stakeEventResponseSchema = stakeTransactionSchema.extend({
  walletAddress: z.string(),
  nodeAddress: z.string(),
  nodeId: z.string().nullable(),
  stakeId: z.string(),
  status: stakeStatusSchema.nullable(),
  /** The PLI/USD round in force at the event's block; null without PRICE_FEED_ADDRESS or a round kept for it. */
  price: priceSchema.nullable(),
  /** The event's amount in USD at `price`, to the cent (half up, price/rules.ts); null with it. */
  usd: usdSchema.nullable(),
});
export type StakeEventResponse = z.infer<typeof stakeEventResponseSchema>;

export const stakeTotalSchema = z.object({ tillStake: wei });
export const stakeStatusResponseSchema = z.object({
  currentStatus: stakeStatusSchema.nullable(),
  _id: z.string().nullable(),
});
export const stakeSavedSchema = z.object({ message: z.string(), data: stakeResponseSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const STAKE_CONTRACT = featureContract({ stake: STAKE_PATHS }, STAKE_MESSAGES);
