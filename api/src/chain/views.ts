import { sql, type ColumnType, type QueryExecutorProvider } from "kysely";
import type { StakeStatus } from "@pli/abis";

/** The schema of the indexer's views (`ponder start --views-schema chain`); readers use only these. */
export const CHAIN_VIEWS_SCHEMA = "chain";

/**
 * Row types of the `chain.*` views over the indexer's tables (indexer/ponder.schema.ts), as the API's
 * pg setup returns them: numeric wei amounts and date keys as decimal strings, int8 block numbers as
 * bigint, times as Date, addresses and hashes as lowercase 0x hex.
 */
export interface StakePositionRow {
  wallet: string;
  node: string;
  status: StakeStatus;
  /** What the contract holds for the position: 0 once withdrawn. */
  total_staked: string;
  first_staked_at: Date;
  last_staked_at: Date;
  last_stake_tx: string;
  unlock_tx: string | null;
  unlocked_at: Date | null;
  withdrawn_amount: string | null;
  withdraw_tx: string | null;
  withdrawn_at: Date | null;
  updated_block: bigint;
}

export type StakeEventKind = "stake" | "topup" | "unlock" | "unstake";

export interface StakeEventRow {
  id: string;
  kind: StakeEventKind;
  wallet: string;
  node: string;
  amount: string;
  total_after: string;
  tx_hash: string;
  block_number: bigint;
  block_time: Date;
  log_index: number;
}

export type PortalContract = "StakingRewards" | "PluginFarm";

export interface WhitelistRow {
  contract: PortalContract;
  wallet: string;
  node: string;
  whitelisted_by: string;
  tx_hash: string;
  block_number: bigint;
  whitelisted_at: Date;
}

export interface RewardDepositRow {
  id: string;
  depositor: string;
  amount: string;
  pool_after: string;
  tx_hash: string;
  block_number: bigint;
  block_time: Date;
}

export interface RewardPaymentRow {
  wallet: string;
  node: string;
  date_key: string;
  amount: string;
  tx_hash: string;
  block_number: bigint;
  block_time: Date;
  log_index: number;
}

export interface RewardPoolRow {
  contract_address: string;
  deposited: string;
  paid: string;
  balance: string;
  block_number: bigint;
  updated_at: Date;
}

export interface StakeLimitsRow {
  contract_address: string;
  min_stake: string;
  max_stake: string;
  tx_hash: string;
  block_number: bigint;
  changed_at: Date;
}

/** One change of the stake limits; `sender` is the transaction's `from`, `at_deployment` the constructor's event. */
export interface StakeLimitChangeRow {
  id: string;
  min_stake: string;
  max_stake: string;
  sender: string;
  at_deployment: boolean;
  tx_hash: string;
  block_number: bigint;
  block_time: Date;
  log_index: number;
}

export interface FarmCapsRow {
  contract_address: string;
  min_cap: string;
  max_cap: string;
  tx_hash: string;
  block_number: bigint;
  changed_at: Date;
}

export interface OperatorRow {
  contract: PortalContract;
  operator: string;
  enabled: boolean;
  tx_hash: string;
  block_number: bigint;
  changed_at: Date;
}

/** Ponder's own progress per chain; checkpoints are fixed-width digit strings (see getIndexedBlock). */
export interface PonderCheckpointRow {
  chain_name: string;
  chain_id: bigint;
  safe_checkpoint: string;
  latest_checkpoint: string;
  finalized_checkpoint: string;
}

/** Select-only: Kysely refuses inserts and updates on these views at compile time. */
type View<Row> = { [K in keyof Row]: ColumnType<Row[K], never, never> };

export interface ChainViews {
  "chain.stake_position": View<StakePositionRow>;
  "chain.stake_event": View<StakeEventRow>;
  "chain.whitelist": View<WhitelistRow>;
  "chain.reward_deposit": View<RewardDepositRow>;
  "chain.reward_payment": View<RewardPaymentRow>;
  "chain.reward_pool": View<RewardPoolRow>;
  "chain.stake_limits": View<StakeLimitsRow>;
  "chain.stake_limit_change": View<StakeLimitChangeRow>;
  "chain.farm_caps": View<FarmCapsRow>;
  "chain.operator": View<OperatorRow>;
  "chain._ponder_checkpoint": View<PonderCheckpointRow>;
}

/**
 * Ponder checkpoint layout: 10 digits block timestamp, 16 chain id, 16 block number, then transaction
 * index, event type and event index. The block number is characters 27 to 42 (1-based).
 */
const CHECKPOINT_BLOCK_START = 27;
const CHECKPOINT_BLOCK_DIGITS = 16;

/**
 * The latest block the indexer has fully indexed (the lowest over its chains), read from Ponder's
 * `chain._ponder_checkpoint` view. Null before the indexer has published its views. Takes any Kysely
 * instance or transaction.
 */
export async function getIndexedBlock(db: QueryExecutorProvider): Promise<number | null> {
  try {
    const { rows } = await sql<{ block: string | null }>`
      SELECT min(substring(latest_checkpoint FROM ${sql.lit(CHECKPOINT_BLOCK_START)} FOR ${sql.lit(CHECKPOINT_BLOCK_DIGITS)}))::text AS block
      FROM chain._ponder_checkpoint
    `.execute(db);
    const block = rows[0]?.block;
    return block === null || block === undefined ? null : Number(block);
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null;
    throw error;
  }
}

/**
 * The indexer's progress over all its chains as one string (their latest checkpoints), which moves
 * whenever indexed rows may have changed: a block indexed, or blocks taken back by a reorg, even one
 * that leaves the indexed block number where it was. Null before the indexer has published its views.
 */
export async function getIndexedCheckpoint(db: QueryExecutorProvider): Promise<string | null> {
  try {
    const { rows } = await sql<{ checkpoint: string | null }>`
      SELECT string_agg(chain_id::text || ':' || latest_checkpoint, ',' ORDER BY chain_id) AS checkpoint FROM chain._ponder_checkpoint
    `.execute(db);
    return rows[0]?.checkpoint ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null;
    throw error;
  }
}
