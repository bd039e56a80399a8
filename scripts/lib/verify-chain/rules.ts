import { zeroAddress, type Address } from "viem";

/**
 * The contracts' rules (contracts/src/StakingRewards.sol, PluginToken.sol, PluginFarm.sol) restated
 * as pure functions of what the view functions answered just before a transaction: the harness's
 * independent word on whether that transaction must succeed or revert. Each answers null when the
 * call must succeed, else the label of the first `require` it breaks, in the contract's order.
 */

/** StakingRewards.Status: None, Staked, Unlocked (a withdrawn position is deleted back to None). */
export const CHAIN_STATUS = { none: 0, staked: 1, unlocked: 2 } as const;
export type ChainStatus = (typeof CHAIN_STATUS)[keyof typeof CHAIN_STATUS];

export interface Position {
  amount: bigint;
  status: ChainStatus;
}

export type Verdict = string | null;

/** ERC20 transferFrom into the contract: the payer's allowance, then balance. */
const pull = (amount: bigint, funds: { balance: bigint; allowance: bigint }): Verdict =>
  amount > funds.allowance ? "allowance too low" : amount > funds.balance ? "balance too low" : null;

const stakeRule = (s: {
  amount: bigint;
  whitelisted: boolean;
  position: Position;
  min: bigint;
  max: bigint;
}): Verdict => {
  if (s.amount === 0n) return "zero amount";
  if (!s.whitelisted) return "not whitelisted";
  if (s.position.status !== CHAIN_STATUS.none) return "position exists";
  if (s.amount < s.min) return "below minimum";
  if (s.amount > s.max) return "above maximum";
  return null;
};

const topupRule = (s: { amount: bigint; position: Position; max: bigint }): Verdict => {
  if (s.amount === 0n) return "zero amount";
  if (s.position.status !== CHAIN_STATUS.staked) return "no active stake";
  if (s.position.amount + s.amount > s.max) return "above maximum";
  return null;
};

export interface StakeState {
  amount: bigint;
  whitelisted: boolean;
  position: Position;
  min: bigint;
  max: bigint;
  balance: bigint;
  allowance: bigint;
}

/** stakeTokens(amount, node). */
export const stakeVerdict = (s: StakeState): Verdict => stakeRule(s) ?? pull(s.amount, s);

/** topupStake(amount, node). */
export const topupVerdict = (s: Omit<StakeState, "whitelisted" | "min">): Verdict => topupRule(s) ?? pull(s.amount, s);

/**
 * PluginToken.transferAndCall(staking, amount, data): the transfer (balance only, no allowance), then
 * onTokenTransfer: data must be one ABI-encoded address; a stake on a position in None, else a top-up.
 */
export const transferAndCallVerdict = (s: Omit<StakeState, "allowance"> & { dataBytes: number }): Verdict => {
  if (s.amount > s.balance) return "balance too low";
  if (s.dataBytes !== 32) return "data not a node address";
  return s.position.status === CHAIN_STATUS.none ? stakeRule(s) : topupRule(s);
};

/** unlock(wallet, node) by `isAdmin` (owner or operator). */
export const unlockVerdict = (s: { isAdmin: boolean; position: Position }): Verdict =>
  !s.isAdmin ? "not admin" : s.position.status !== CHAIN_STATUS.staked ? "no active stake" : null;

/** unstake(node) by the position's wallet. */
export const unstakeVerdict = (s: { position: Position }): Verdict =>
  s.position.status !== CHAIN_STATUS.unlocked ? "not unlocked" : null;

/** whiteListIt / whiteListPLIFarmNode(wallet, node). */
export const whitelistVerdict = (s: { isAdmin: boolean; wallet: Address; node: Address }): Verdict =>
  !s.isAdmin ? "not admin" : s.wallet === zeroAddress || s.node === zeroAddress ? "zero address" : null;

/** depositReward(amount), pulled from the depositor. */
export const depositVerdict = (s: { isAdmin: boolean; amount: bigint; balance: bigint; allowance: bigint }): Verdict =>
  !s.isAdmin ? "not admin" : s.amount === 0n ? "zero amount" : pull(s.amount, s);

export interface PayoutEntry {
  wallet: Address;
  node: Address;
  date: bigint;
  amount: bigint;
  /** isRewardPaid(wallet, node, date) before the call. */
  paid: boolean;
}

/** The key payRewards checks an entry against (wallet, node, date). */
export const rewardKey = (e: { wallet: string; node: string; date: bigint | number | string }) =>
  `${e.wallet.toLowerCase()}:${e.node.toLowerCase()}:${String(e.date)}`;

/**
 * payRewards(wallets, amounts, dates, nodes): entry by entry, each key once, each amount from what is left of the pool.
 */
export function payoutVerdict(s: {
  isAdmin: boolean;
  entries: PayoutEntry[];
  lengthsMatch: boolean;
  pool: bigint;
}): Verdict {
  if (!s.isAdmin) return "not admin";
  if (s.entries.length === 0) return "empty payout";
  if (!s.lengthsMatch) return "lengths mismatch";
  let pool = s.pool;
  const paidNow = new Set<string>();
  for (const entry of s.entries) {
    if (entry.wallet === zeroAddress) return "zero address";
    if (entry.amount === 0n) return "zero amount";
    const key = rewardKey(entry);
    if (entry.paid || paidNow.has(key)) return "already paid";
    if (entry.amount > pool) return "above the pool";
    paidNow.add(key);
    pool -= entry.amount;
  }
  return null;
}

/** setMinStakeAmt(amount) / setMaxStakeAmt(amount). */
export function limitVerdict(s: {
  isAdmin: boolean;
  which: "min" | "max";
  amount: bigint;
  min: bigint;
  max: bigint;
}): Verdict {
  if (!s.isAdmin) return "not admin";
  if (s.amount === 0n) return "zero amount";
  if (s.which === "min" && s.amount > s.max) return "minimum above maximum";
  if (s.which === "max" && s.amount < s.min) return "maximum below minimum";
  return null;
}
