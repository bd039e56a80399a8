import { index, onchainEnum, onchainTable, primaryKey } from "ponder";
import { STAKE_STATUS } from "@pli/abis";

/**
 * Chain facts for the portal. Amounts are wei (numeric), addresses and hashes lowercase hex, times
 * the block time. Readers use the `chain.*` views of these tables (see api/src/chain/views.ts).
 */

export const stakeStatus = onchainEnum("stake_status", [
  STAKE_STATUS.stake,
  STAKE_STATUS.unlock,
  STAKE_STATUS.withdraw,
]);
export const stakeEventKind = onchainEnum("stake_event_kind", ["stake", "topup", "unlock", "unstake"]);
export const portalContract = onchainEnum("portal_contract", ["StakingRewards", "PluginFarm"]);

/**
 * One row per (wallet, node). `totalStaked` is what the contract holds for it (0 once withdrawn, the
 * amount then being in `withdrawnAmount`). A withdrawn position that is staked again starts over as Stake.
 */
export const stakePosition = onchainTable(
  "stake_position",
  (t) => ({
    wallet: t.hex().notNull(),
    node: t.hex().notNull(),
    status: stakeStatus().notNull(),
    totalStaked: t.bigint().notNull(),
    firstStakedAt: t.timestamp({ withTimezone: true }).notNull(),
    lastStakedAt: t.timestamp({ withTimezone: true }).notNull(),
    lastStakeTx: t.hex().notNull(),
    unlockTx: t.hex(),
    unlockedAt: t.timestamp({ withTimezone: true }),
    withdrawnAmount: t.bigint(),
    withdrawTx: t.hex(),
    withdrawnAt: t.timestamp({ withTimezone: true }),
    updatedBlock: t.int8({ mode: "bigint" }).notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.wallet, table.node] }),
    nodeIndex: index().on(table.node),
    /** The admin's stake list, latest stake first (api/src/stake/repository.ts). */
    latestStakeIndex: index().on(table.lastStakedAt.desc(), table.wallet, table.node),
    /**
     * The smallest index of every position (a few values, deduplicated: pages of tens instead of the table's
     * thousands): the admin's unsearched stake list counts its total with an index-only scan of it
     * (api/src/stake/positions.ts).
     */
    statusIndex: index().on(table.status),
  }),
);

/** Every stake, top-up, unlock and unstake; `totalAfter` is the position's total once the event applied. */
export const stakeEvent = onchainTable(
  "stake_event",
  (t) => ({
    id: t.text().primaryKey(),
    kind: stakeEventKind().notNull(),
    wallet: t.hex().notNull(),
    node: t.hex().notNull(),
    amount: t.bigint().notNull(),
    totalAfter: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    blockTime: t.timestamp({ withTimezone: true }).notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    /** A position's events, newest first. */
    walletNodeIndex: index().on(table.wallet, table.node, table.blockNumber, table.logIndex),
    /** An operator's events, newest first (the transaction list). */
    walletIndex: index().on(table.wallet, table.blockNumber, table.logIndex),
    /** Every event, newest first (an admin's transaction list). */
    orderIndex: index().on(table.blockNumber, table.logIndex),
    txIndex: index().on(table.txHash),
  }),
);

/** A (wallet, node) pair whitelisted on one of the contracts, with its first whitelisting transaction. */
export const whitelist = onchainTable(
  "whitelist",
  (t) => ({
    contract: portalContract().notNull(),
    wallet: t.hex().notNull(),
    node: t.hex().notNull(),
    whitelistedBy: t.hex().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    whitelistedAt: t.timestamp({ withTimezone: true }).notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.contract, table.wallet, table.node] }) }),
);

export const rewardDeposit = onchainTable("reward_deposit", (t) => ({
  id: t.text().primaryKey(),
  depositor: t.hex().notNull(),
  amount: t.bigint().notNull(),
  poolAfter: t.bigint().notNull(),
  txHash: t.hex().notNull(),
  blockNumber: t.int8({ mode: "bigint" }).notNull(),
  blockTime: t.timestamp({ withTimezone: true }).notNull(),
}));

/** The chain pays a (wallet, node, date key) at most once, so that triple is the key. */
export const rewardPayment = onchainTable(
  "reward_payment",
  (t) => ({
    wallet: t.hex().notNull(),
    node: t.hex().notNull(),
    dateKey: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    blockTime: t.timestamp({ withTimezone: true }).notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.wallet, table.node, table.dateKey] }),
    txIndex: index().on(table.txHash),
    blockIndex: index().on(table.blockNumber),
  }),
);

/** Deposits minus payments of the StakingRewards reward pool; one row keyed by the contract address. */
export const rewardPool = onchainTable("reward_pool", (t) => ({
  contractAddress: t.hex().primaryKey(),
  deposited: t.bigint().notNull(),
  paid: t.bigint().notNull(),
  balance: t.bigint().notNull(),
  blockNumber: t.int8({ mode: "bigint" }).notNull(),
  updatedAt: t.timestamp({ withTimezone: true }).notNull(),
}));

/** Current minimum and maximum stake of the StakingRewards contract. */
export const stakeLimits = onchainTable("stake_limits", (t) => ({
  contractAddress: t.hex().primaryKey(),
  minStake: t.bigint().notNull(),
  maxStake: t.bigint().notNull(),
  txHash: t.hex().notNull(),
  blockNumber: t.int8({ mode: "bigint" }).notNull(),
  changedAt: t.timestamp({ withTimezone: true }).notNull(),
}));

/**
 * Every change of the StakingRewards stake limits, with the wallet that sent it (`sender`, the
 * transaction's `from`) and whether it came with the contract's deployment (`atDeployment`: the
 * constructor's event). The portal tells the changes its settings page sent from the others.
 */
export const stakeLimitChange = onchainTable(
  "stake_limit_change",
  (t) => ({
    id: t.text().primaryKey(),
    minStake: t.bigint().notNull(),
    maxStake: t.bigint().notNull(),
    sender: t.hex().notNull(),
    atDeployment: t.boolean().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    blockTime: t.timestamp({ withTimezone: true }).notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    /** Newest first (the admins' list of unchecked activity). */
    orderIndex: index().on(table.blockNumber, table.logIndex),
    txIndex: index().on(table.txHash),
  }),
);

/** Current staking caps of the PluginFarm contract. */
export const farmCaps = onchainTable("farm_caps", (t) => ({
  contractAddress: t.hex().primaryKey(),
  minCap: t.bigint().notNull(),
  maxCap: t.bigint().notNull(),
  txHash: t.hex().notNull(),
  blockNumber: t.int8({ mode: "bigint" }).notNull(),
  changedAt: t.timestamp({ withTimezone: true }).notNull(),
}));

/** Operators of each contract with their latest change (`enabled` false once revoked). */
export const operator = onchainTable(
  "operator",
  (t) => ({
    contract: portalContract().notNull(),
    operator: t.hex().notNull(),
    enabled: t.boolean().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    changedAt: t.timestamp({ withTimezone: true }).notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.contract, table.operator] }) }),
);

/**
 * The PLI/USD price feed's latest round as it stood at a block holding a reward payment or a stake event (the
 * price in force then, read with `latestRoundData` at that block: rounds added later never change it). Join it to
 * `reward_payment` and `stake_event` on `blockNumber`. Only kept with PRICE_FEED_ADDRESS set, and only where the
 * feed had a positive answer at that block.
 */
export const feedPrice = onchainTable("feed_price", (t) => ({
  blockNumber: t.int8({ mode: "bigint" }).primaryKey(),
  feed: t.hex().notNull(),
  roundId: t.bigint().notNull(),
  answer: t.bigint().notNull(),
  decimals: t.integer().notNull(),
  updatedAt: t.timestamp({ withTimezone: true }).notNull(),
}));

export const safeExecutionStatus = onchainEnum("safe_execution_status", ["pending", "success", "failure"]);

/**
 * One `execTransaction` of the Safe (SAFE_ADDRESS only), keyed by its safeTxHash: `SafeMultiSigTransaction` opens it,
 * `ExecutionSuccess` or `ExecutionFailure` in the same transaction settles it. `executor` is who sent it.
 */
export const safeExecution = onchainTable(
  "safe_execution",
  (t) => ({
    safeTxHash: t.hex().primaryKey(),
    safe: t.hex().notNull(),
    nonce: t.bigint().notNull(),
    to: t.hex().notNull(),
    delegateCall: t.boolean().notNull(),
    executor: t.hex().notNull(),
    status: safeExecutionStatus().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    blockTime: t.timestamp({ withTimezone: true }).notNull(),
  }),
  (table) => ({ nonceIndex: index().on(table.safe, table.nonce) }),
);

/** An owner's on-chain `approveHash` of a safeTxHash. */
export const safeApproval = onchainTable(
  "safe_approval",
  (t) => ({
    id: t.text().primaryKey(),
    safe: t.hex().notNull(),
    safeTxHash: t.hex().notNull(),
    owner: t.hex().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.int8({ mode: "bigint" }).notNull(),
    blockTime: t.timestamp({ withTimezone: true }).notNull(),
  }),
  (table) => ({ hashIndex: index().on(table.safeTxHash) }),
);

/** The Safe's current owners (set up, added, removed). */
export const safeOwner = onchainTable(
  "safe_owner",
  (t) => ({
    safe: t.hex().notNull(),
    owner: t.hex().notNull(),
    addedBlock: t.int8({ mode: "bigint" }).notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.safe, table.owner] }) }),
);

/** The Safe's threshold and next nonce (one past the last executed transaction's). */
export const safeState = onchainTable("safe_state", (t) => ({
  safe: t.hex().primaryKey(),
  threshold: t.integer().notNull(),
  nonce: t.bigint().notNull(),
  blockNumber: t.int8({ mode: "bigint" }).notNull(),
}));
