import { z } from "zod";
import { addressSchema } from "@pli/abis";
import { NODE_STATUS, STAKE_REQUEST_STATUS, STAKE_STATUS } from "../public-contract/domain.ts";
import { featureContract } from "../public-contract/feature.ts";
import { PAYOUT_BATCH_SIZE } from "../incentive/schema.ts";
import { PLI_AMOUNT } from "../shared/pli.ts";
import { idSchema, txHashSchema } from "../shared/schema.ts";

/**
 * The most payRewards calls one Safe payout makes: they execute as one Safe transaction, which must fit in a block
 * (each call of PAYOUT_BATCH_SIZE entries takes up to 2,100,000 gas: ten take 21 million, inside a 30 million block).
 */
export const SAFE_PAYOUT_MAX_CALLS = 10;

export const SAFE_PATHS = {
  root: "/api/safe",
  proposals: "/api/safe/proposals",
  confirm: "/api/safe/proposals/confirm",
  executed: "/api/safe/proposals/executed",
} as const;

export const SAFE_MESSAGES = {
  safeModeOff: "No Safe is configured (SAFE_ADDRESS): admin chain actions are sent by the owner's wallet",
  safeProposalNotFound: "Safe proposal not found",
  safeProposed: "Proposed to the Safe: owners can now confirm it",
  safeConfirmed: "Confirmation recorded",
  safeNotOwnerSignature:
    "This signature does not confirm this proposal as an owner of the Safe (check the wallet, the chain and the nonce)",
  safeNonceUsed: "The Safe has already used this nonce: this proposal can no longer execute",
  safeNonceBelowSafe: "The nonce must not be below the Safe's current nonce",
  safeNotExecuted: "No execution of this proposal with this transaction has been indexed yet",
  safeExecutionRecorded: "Execution recorded",
  safeAmountFormat: "Enter an amount in PLI, up to 18 decimals",
  safeAmountPositive: "The amount must be above 0",
  safeLimitsNeeded: "Give a minimum stake, a maximum stake or both",
  safeLimitsUnchanged: "The contract already holds these stake limits",
  safeSignatureFormat: "A signature is 65 bytes of hex (0x followed by 130 hex characters)",
  safeRecordNotFound: "No such record",
  safeUnlockOnlyStaked: "Only a stake the chain shows in Stake can be unlocked",
  safeRecordMismatch: "This proposal does not send the chain transaction of this record's status change",
  safeRecordAlreadySet: "The record already has this status",
  safeAlreadyQueued:
    "A Safe proposal still to execute already does this: it would fail on chain after that one and hold up the queue. Execute that one, or propose at its nonce to replace it",
  safeNonceAhead: "The nonce must be a queued proposal's (to replace it) or the next free one",
  safePoolTakenByQueue:
    "The reward pool cannot pay this after the payouts already queued in the Safe: it would fail on chain and hold up the queue. Deposit rewards, or execute or replace those payouts first",
  safePayoutTooLarge: `A Safe payout pays at most ${SAFE_PAYOUT_MAX_CALLS * PAYOUT_BATCH_SIZE} incentives, one transaction within a block's gas: propose the rest in another`,
  safeRecordChanged: "The record's status changed after this proposal was made: the update was not saved",
} as const;

/** What a proposal's state is, derived from the chain each time it is read (never stored). */
export const SAFE_PROPOSAL_STATES = [
  "awaitingMine",
  "awaitingOthers",
  "ready",
  "blocked",
  "executed",
  "failed",
  "replaced",
] as const;
export type SafeProposalState = (typeof SAFE_PROPOSAL_STATES)[number];

const pliAmount = z
  .string()
  .trim()
  .regex(PLI_AMOUNT, SAFE_MESSAGES.safeAmountFormat)
  .refine((value) => /[1-9]/.test(value), SAFE_MESSAGES.safeAmountPositive);
const nonceSchema = z
  .string()
  .regex(/^\d{1,20}$/, SAFE_MESSAGES.safeNonceBelowSafe)
  .optional();

/** One admin chain action, as a proposal asks for it; the API builds the Safe transaction from it. */
export const safeActionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("payout"), ids: z.array(idSchema).min(1).max(1000) }),
  z.object({ kind: z.literal("unlock"), wallet: addressSchema, node: addressSchema }),
  z.object({
    kind: z.literal("whitelist"),
    contract: z.enum(["StakingRewards", "PluginFarm"]),
    wallet: addressSchema,
    node: addressSchema,
  }),
  z.object({ kind: z.literal("deposit"), amount: pliAmount }),
  z.object({ kind: z.literal("stakeLimits"), minStake: pliAmount.optional(), maxStake: pliAmount.optional() }),
]);
export type SafeAction = z.infer<typeof safeActionSchema>;

/**
 * The record status change a proposal stands for, applied when its Safe transaction executes: a node Approved by its
 * StakingRewards whitelist, a stake request Approved by its PluginFarm whitelist, a stake set to Unlock by unlock.
 */
export const safeRecordSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("node"), id: idSchema, status: z.literal(NODE_STATUS.approved) }),
  z.object({ type: z.literal("stakeRequest"), id: idSchema, status: z.literal(STAKE_REQUEST_STATUS.approved) }),
  z.object({ type: z.literal("stake"), status: z.literal(STAKE_STATUS.unlock) }),
]);
export type SafeRecord = z.infer<typeof safeRecordSchema>;

/** What became of a proposal's record update: waiting for the execution, applied, or refused with the reason. */
export const SAFE_RECORD_OUTCOMES = ["pending", "applied", "refused", "void"] as const;

/**
 * POST /api/safe/proposals: the action, a nonce only to replace a queued proposal at that nonce, and the record status
 * change it stands for, if any.
 */
export const proposeSchema = z
  .object({ action: safeActionSchema, nonce: nonceSchema, record: safeRecordSchema.optional() })
  .refine(
    ({ action }) => action.kind !== "stakeLimits" || action.minStake !== undefined || action.maxStake !== undefined,
    { message: SAFE_MESSAGES.safeLimitsNeeded, path: ["action", "minStake"] },
  );

const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/, SAFE_MESSAGES.safeSignatureFormat);

/**
 * POST /api/safe/proposals/confirm: an owner's signature of the proposal's SafeTx, `typedData` for
 * eth_signTypedData_v4 or _v3 (the same hash), `ethSign` for personal_sign of the safeTxHash (sent as signed: the API
 * adds 4 to v, as the Safe reads an eth_sign signature).
 */
export const confirmSchema = z.object({
  proposalId: idSchema,
  method: z.enum(["typedData", "ethSign"]),
  signature: signatureSchema,
});

export const executedSchema = z.object({ proposalId: idSchema, txHash: txHashSchema });

export const proposalQuerySchema = z.object({
  /** The viewer's wallet: a proposal it has not confirmed yet reads "awaitingMine". */
  owner: addressSchema.optional(),
});

const hex = z.string();
export const safeInfoSchema = z.object({
  enabled: z.boolean(),
  safe: hex.optional(),
  chainId: z.number().optional(),
  owners: z.array(hex).optional(),
  threshold: z.number().optional(),
  nonce: z.string().optional(),
  pliBalance: z.string().optional(),
  domainHash: hex.optional(),
});

const recipientSchema = z.object({ wallet: hex, node: hex, date: z.number(), amount: z.string() });
export const proposalSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  nonce: z.string(),
  state: z.enum(SAFE_PROPOSAL_STATES),
  /** Waiting behind a lower nonce that has not executed yet. */
  behindLowerNonce: z.boolean(),
  summary: z.string(),
  recipients: z.array(recipientSchema).optional(),
  total: z.string().optional(),
  csvDigest: z.string().nullable(),
  safeTx: z.object({
    to: hex,
    value: z.string(),
    data: hex,
    operation: z.number(),
    safeTxGas: z.string(),
    baseGas: z.string(),
    gasPrice: z.string(),
    gasToken: hex,
    refundReceiver: hex,
    nonce: z.string(),
  }),
  safeTxHash: hex,
  domainHash: hex,
  confirmations: z.array(z.object({ owner: hex, method: z.enum(["typedData", "ethSign", "approveHash"]) })),
  threshold: z.number(),
  /** The packed signatures for execTransaction, once the threshold is met. */
  signatures: hex.nullable(),
  execution: z.object({ txHash: hex, executor: hex, status: z.string() }).nullable(),
  proposedBy: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The record status change it stands for: `pending` until the Safe transaction executes, `applied` then (with the
   * execution's transaction), `refused` with the reason when the record changed meanwhile, `void` when the proposal
   * failed or was replaced.
   */
  record: z
    .object({
      type: z.enum(["node", "stakeRequest", "stake"]),
      id: z.string(),
      status: z.string(),
      label: z.string(),
      outcome: z.enum(SAFE_RECORD_OUTCOMES),
      reason: z.string().nullable(),
      txHash: z.string().nullable(),
    })
    .nullable(),
});
export type SafeProposalResponse = z.infer<typeof proposalSchema>;

export const SAFE_CONTRACT = featureContract({ safe: SAFE_PATHS }, SAFE_MESSAGES);
