import { STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import { parsePli, pliText } from "../shared/pli.ts";

/**
 * The staking rules of spec sections 4 and 5 in one place, pure, for the API and the web app (the
 * staking screen calls them with the settings and the chain's stake so far). Every amount is wei.
 */

/**
 * The stake limits as `GET /api/setting` answers them, PLI: the minimum and maximum are the
 * contract's (null until the indexer has them), the multiple is the site's.
 */
export interface StakeSettings {
  minimumStake: string | null;
  maximumStake: string | null;
  multiplyOf: string;
}

/** The stake limits in wei. */
export interface StakeLimits {
  minimum: bigint;
  maximum: bigint;
  multiple: bigint;
}

/** The limits in wei; null while the chain's minimum and maximum are not indexed (no stake can be checked then). */
export const stakeLimitsOf = (settings: StakeSettings): StakeLimits | null =>
  settings.minimumStake === null || settings.maximumStake === null
    ? null
    : {
        minimum: parsePli(settings.minimumStake),
        maximum: parsePli(settings.maximumStake),
        multiple: parsePli(settings.multiplyOf),
      };

/**
 * Spec 5's 'multiples of' rule, which the contract does not enforce: an amount (wei) that is not a
 * multiple of `multiple` (wei). The admins' list of unchecked activity applies the same rule in SQL
 * (api/src/unchecked/repository.ts, offMultiple).
 */
export const isOffMultiple = (amount: bigint, multiple: bigint) => multiple > 0n && amount % multiple !== 0n;

export const STAKE_AMOUNT_MESSAGES = {
  /** Spec 5's wording, its double space included; `{min}` is the effective minimum in PLI. */
  stakeBelowMinimum: "Values Must be in greater  than or equal to {min}",
  stakeNotMultiple: "Values Must be in multiples of {n}",
  stakeMaximumReached: "Maximum Limit Reached",
  stakeSelectAmount: "Select number of PLI tokens for staking",
  stakeLowBalance: "Low PLI Balance",
} as const;

/** Spec 5 and 9: the minimum while the stake so far is below the minimum, afterwards the multiple. */
export const effectiveMinimum = (stakeSoFar: bigint, limits: StakeLimits) =>
  stakeSoFar < limits.minimum ? limits.minimum : limits.multiple;

/**
 * The first spec 5 rule `amount` breaks, as its message, or null when it may be staked: at least the
 * effective minimum, a multiple of the multiple, and with the stake so far not above the maximum.
 */
export function stakeAmountError(amount: bigint, stakeSoFar: bigint, limits: StakeLimits): string | null {
  const minimum = effectiveMinimum(stakeSoFar, limits);
  if (amount < minimum) return STAKE_AMOUNT_MESSAGES.stakeBelowMinimum.replace("{min}", pliText(minimum));
  if (isOffMultiple(amount, limits.multiple))
    return STAKE_AMOUNT_MESSAGES.stakeNotMultiple.replace("{n}", pliText(limits.multiple));
  if (amount + stakeSoFar > limits.maximum) return STAKE_AMOUNT_MESSAGES.stakeMaximumReached;
  return null;
}

/** How much more this node's position may take: the maximum less the stake so far, never below 0. */
export const maximumLeft = (stakeSoFar: bigint, limits: StakeLimits) =>
  stakeSoFar < limits.maximum ? limits.maximum - stakeSoFar : 0n;

export const STAKE_MAX_MESSAGES = {
  stakeMaxNoMultiple: "No multiple of {n} PLI fits between the minimum and the maximum left for this node",
} as const;

/**
 * What MAX fills: the largest amount every spec 5 rule accepts, or why there is none. The amount is a
 * multiple of the multiple, at least the effective minimum, within the maximum left for this node and
 * strictly below the wallet's balance (the sign step refuses an amount at or above the balance with
 * 'Low PLI Balance'). The reasons are spec 5's messages where one applies.
 */
export function maxStakeAmount({
  stakeSoFar,
  balance,
  limits,
}: Omit<StakeForm, "amount">): { amount: bigint } | { amount: null; reason: string } {
  const left = maximumLeft(stakeSoFar, limits);
  const minimum = effectiveMinimum(stakeSoFar, limits);
  if (left < minimum || left === 0n) return { amount: null, reason: STAKE_AMOUNT_MESSAGES.stakeMaximumReached };
  if (balance <= minimum) return { amount: null, reason: STAKE_AMOUNT_MESSAGES.stakeLowBalance };
  const ceiling = left < balance ? left : balance - 1n;
  const amount = limits.multiple > 0n ? ceiling - (ceiling % limits.multiple) : ceiling;
  if (amount < minimum || amount === 0n)
    return { amount: null, reason: STAKE_MAX_MESSAGES.stakeMaxNoMultiple.replace("{n}", pliText(limits.multiple)) };
  return { amount };
}

export interface StakeForm {
  /** The amount entered, null while empty. */
  amount: bigint | null;
  stakeSoFar: bigint;
  balance: bigint;
  limits: StakeLimits;
}

/** The 'Low PLI Balance' alert: the wallet holds less than the effective minimum. */
export const lowBalance = ({ balance, stakeSoFar, limits }: Omit<StakeForm, "amount">) =>
  balance < effectiveMinimum(stakeSoFar, limits);

/**
 * Whether the Sign Transaction and Continue to Deposit buttons show: the balance covers the effective
 * minimum, the stake so far is below the maximum and the amount is allowed.
 */
export const stakeActionsShown = (form: StakeForm) =>
  !lowBalance(form) &&
  form.stakeSoFar < form.limits.maximum &&
  form.amount !== null &&
  stakeAmountError(form.amount, form.stakeSoFar, form.limits) === null;

/**
 * The dialog a step shows instead of going on, or null. Sign: no amount, an amount at or above the
 * balance, or above the maximum with the stake so far. Stake: no amount, more than the balance (an allowance left from
 * before lets Continue go on without Sign, and the contract's transfer would fail), or below the effective minimum.
 */
export function stakeStepError(
  step: "sign" | "stake",
  { amount, stakeSoFar, balance, limits }: StakeForm,
): string | null {
  if (amount === null || amount === 0n) return STAKE_AMOUNT_MESSAGES.stakeSelectAmount;
  if (step === "sign") {
    if (amount >= balance) return STAKE_AMOUNT_MESSAGES.stakeLowBalance;
    if (amount + stakeSoFar > limits.maximum) return STAKE_AMOUNT_MESSAGES.stakeMaximumReached;
    return null;
  }
  if (amount > balance) return STAKE_AMOUNT_MESSAGES.stakeLowBalance;
  const minimum = effectiveMinimum(stakeSoFar, limits);
  return amount < minimum ? STAKE_AMOUNT_MESSAGES.stakeBelowMinimum.replace("{min}", pliText(minimum)) : null;
}

/**
 * A stake position's `_id`: the chain keys a position by (wallet, node), so the id is both lowercase
 * addresses joined by a dash, `0x<wallet>-0x<node>`, and reads back with parseStakeId.
 */
const STAKE_ID_PATTERN = /^0x[0-9a-f]{40}-0x[0-9a-f]{40}$/;
export const stakeIdOf = (wallet: string, node: string) => `${wallet.toLowerCase()}-${node.toLowerCase()}`;
export function parseStakeId(id: string): { wallet: string; node: string } | null {
  const lower = id.toLowerCase();
  if (!STAKE_ID_PATTERN.test(lower)) return null;
  const [wallet, node] = lower.split("-") as [string, string];
  return { wallet, node };
}

/** Spec 4: the admin is offered Unlock only for a position the chain shows in Stake. */
export const mayUnlock = (status: StakeStatus | null) => status === STAKE_STATUS.stake;

/** Spec 4: the operator is offered Withdraw only for a position the chain shows unlocked. */
export const mayWithdraw = (status: StakeStatus | null) => status === STAKE_STATUS.unlock;

/** The kinds of indexed stake event a hint may name. */
export type HintKind = "stake" | "topup" | "unlock" | "unstake";
const KIND_LABELS: Record<HintKind, string> = {
  stake: "stake",
  topup: "top-up",
  unlock: "unlock",
  unstake: "withdrawal",
};

export const STAKE_HINT_MESSAGES = {
  hintNotIndexed: "No stake transaction with this hash has been indexed: it is unknown, or not yet mined and indexed",
  hintPending: "This transaction is mined but not indexed yet: try again in a moment",
  hintFailed: "This transaction failed on the chain: nothing was staked or withdrawn",
  hintOtherWallet: "This transaction was sent from another wallet",
  hintOtherNode: "This transaction is for another node",
  hintWrongKind: "This transaction is not a {kinds}",
} as const;

export type HintDecision = { ok: true } | { ok: false; code: "notFound" | "conflict" | "forbidden"; reason: string };

/**
 * The chain's receipt of a transaction the indexer has no stake event of: its status, and whether its block is indexed
 * yet.
 */
export interface HintReceipt {
  status: "success" | "reverted";
  indexed: boolean;
}

/**
 * Whether the indexed events of a transaction back a hint: one of them is of an expected kind, from
 * `wallet`, on `node`. With no events, `receipt` (the chain's, null when it has none) tells a failed
 * transaction, one not indexed yet and one that staked nothing from an unknown hash.
 */
export function decideHint(
  events: { kind: HintKind; wallet: string; node: string }[],
  expected: { kinds: readonly HintKind[]; wallet: string; node: string },
  receipt: HintReceipt | null,
): HintDecision {
  const wrongKind: HintDecision = {
    ok: false,
    code: "conflict",
    reason: STAKE_HINT_MESSAGES.hintWrongKind.replace(
      "{kinds}",
      expected.kinds.map((kind) => KIND_LABELS[kind]).join(" or "),
    ),
  };
  if (events.length === 0) {
    if (receipt === null) return { ok: false, code: "notFound", reason: STAKE_HINT_MESSAGES.hintNotIndexed };
    if (receipt.status === "reverted") return { ok: false, code: "conflict", reason: STAKE_HINT_MESSAGES.hintFailed };
    return receipt.indexed ? wrongKind : { ok: false, code: "conflict", reason: STAKE_HINT_MESSAGES.hintPending };
  }
  const wallet = expected.wallet.toLowerCase();
  const node = expected.node.toLowerCase();
  const ofKind = events.filter((event) => expected.kinds.includes(event.kind));
  if (ofKind.length === 0) return wrongKind;
  const mine = ofKind.filter((event) => event.wallet === wallet);
  if (mine.length === 0) return { ok: false, code: "forbidden", reason: STAKE_HINT_MESSAGES.hintOtherWallet };
  if (!mine.some((event) => event.node === node))
    return { ok: false, code: "conflict", reason: STAKE_HINT_MESSAGES.hintOtherNode };
  return { ok: true };
}
