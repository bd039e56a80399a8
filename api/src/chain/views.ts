import { sql, type ColumnType, type QueryExecutorProvider } from "kysely";
import type { StakeStatus } from "@pli/abis";

/** The schema of the indexer's views (`ponder start --views-schema chain`); readers use only these. */
export const CHAIN_VIEWS_SCHEMA = "chain";

/**
 * A column of a `chain.*` view: its Postgres type (`udt_name`), whether it may be null, and (as a type
 * only) what the API's pg setup reads it as.
 */
export interface ChainColumn<Read> {
  readonly type: string;
  readonly nullable: boolean;
  /** Never set: carries the read type for `RowOf`. */
  readonly read?: Read;
}

const column = <Read>(type: string): ChainColumn<Read> => ({ type, nullable: false });
const orNull = <Read>({ type }: ChainColumn<Read>): ChainColumn<Read | null> => ({ type, nullable: true });
/** Lowercase 0x hex: addresses and hashes. */
const hex = column<string>("text");
/** A wei amount (numeric(78)), read as a decimal string. */
const wei = column<string>("numeric");
const int8 = column<bigint>("int8");
const int4 = column<number>("int4");
const bool = column<boolean>("bool");
const time = column<Date>("timestamptz");
const text = column<string>("text");

export type StakeEventKind = "stake" | "topup" | "unlock" | "unstake";
export type PortalContract = "StakingRewards" | "PluginFarm";

/**
 * Every `chain.*` view the API reads and its columns, as the indexer's tables (indexer/ponder.schema.ts)
 * publish them. The row types below are derived from it, and views.chain.test.ts compares it with the
 * views a real indexer run publishes, so a change on either side fails that test.
 */
export const CHAIN_VIEW_COLUMNS = {
  stake_position: {
    wallet: hex,
    node: hex,
    status: column<StakeStatus>("stake_status"),
    /** What the contract holds for the position: 0 once withdrawn. */
    total_staked: wei,
    first_staked_at: time,
    last_staked_at: time,
    last_stake_tx: hex,
    unlock_tx: orNull(hex),
    unlocked_at: orNull(time),
    withdrawn_amount: orNull(wei),
    withdraw_tx: orNull(hex),
    withdrawn_at: orNull(time),
    updated_block: int8,
  },
  stake_event: {
    id: text,
    kind: column<StakeEventKind>("stake_event_kind"),
    wallet: hex,
    node: hex,
    amount: wei,
    total_after: wei,
    tx_hash: hex,
    block_number: int8,
    block_time: time,
    log_index: int4,
  },
  whitelist: {
    contract: column<PortalContract>("portal_contract"),
    wallet: hex,
    node: hex,
    whitelisted_by: hex,
    tx_hash: hex,
    block_number: int8,
    whitelisted_at: time,
  },
  reward_deposit: {
    id: text,
    depositor: hex,
    amount: wei,
    pool_after: wei,
    tx_hash: hex,
    block_number: int8,
    block_time: time,
  },
  reward_payment: {
    wallet: hex,
    node: hex,
    /** A date key (YYYYMMDD), numeric on the chain, read as a decimal string. */
    date_key: wei,
    amount: wei,
    tx_hash: hex,
    block_number: int8,
    block_time: time,
    log_index: int4,
  },
  reward_pool: { contract_address: hex, deposited: wei, paid: wei, balance: wei, block_number: int8, updated_at: time },
  stake_limits: {
    contract_address: hex,
    min_stake: wei,
    max_stake: wei,
    tx_hash: hex,
    block_number: int8,
    changed_at: time,
  },
  /** One change of the stake limits; `sender` is the transaction's `from`, `at_deployment` the constructor's event. */
  stake_limit_change: {
    id: text,
    min_stake: wei,
    max_stake: wei,
    sender: hex,
    at_deployment: bool,
    tx_hash: hex,
    block_number: int8,
    block_time: time,
    log_index: int4,
  },
  farm_caps: { contract_address: hex, min_cap: wei, max_cap: wei, tx_hash: hex, block_number: int8, changed_at: time },
  operator: {
    contract: column<PortalContract>("portal_contract"),
    operator: hex,
    enabled: bool,
    tx_hash: hex,
    block_number: int8,
    changed_at: time,
  },
  /**
   * The price feed's latest round as it stood at a block holding a reward payment or stake event (join on
   * `block_number`); `answer` has `decimals` decimals. Only with PRICE_FEED_ADDRESS set.
   */
  feed_price: {
    block_number: int8,
    feed: hex,
    round_id: wei,
    answer: wei,
    decimals: int4,
    updated_at: time,
  },
  /**
   * One `execTransaction` of the Safe (SAFE_ADDRESS), keyed by its safeTxHash; `status` pending until its
   * ExecutionSuccess or ExecutionFailure. `nonce` is numeric, read as a decimal string.
   */
  safe_execution: {
    safe_tx_hash: hex,
    safe: hex,
    nonce: wei,
    to: hex,
    delegate_call: bool,
    executor: hex,
    status: column<"pending" | "success" | "failure">("safe_execution_status"),
    tx_hash: hex,
    block_number: int8,
    block_time: time,
  },
  /** An owner's on-chain `approveHash`. */
  safe_approval: {
    id: text,
    safe: hex,
    safe_tx_hash: hex,
    owner: hex,
    tx_hash: hex,
    block_number: int8,
    block_time: time,
  },
  safe_owner: { safe: hex, owner: hex, added_block: int8 },
  /** The Safe's threshold and next nonce (numeric, a decimal string). */
  safe_state: { safe: hex, threshold: int4, nonce: wei, block_number: int8 },
  /** Ponder's own progress per chain; checkpoints are fixed-width digit strings (see getIndexedBlock). */
  _ponder_checkpoint: {
    chain_name: text,
    chain_id: int8,
    safe_checkpoint: column<string>("varchar"),
    latest_checkpoint: column<string>("varchar"),
    finalized_checkpoint: column<string>("varchar"),
  },
} as const satisfies Record<string, Record<string, ChainColumn<unknown>>>;

export type ChainViewName = keyof typeof CHAIN_VIEW_COLUMNS;

/**
 * The row a view's columns read as: numeric wei amounts and date keys as decimal strings, int8 block
 * numbers as bigint, times as Date, addresses and hashes as lowercase 0x hex.
 */
type RowOf<Columns> = { -readonly [K in keyof Columns]: Columns[K] extends ChainColumn<infer Read> ? Read : never };
type ChainRow<V extends ChainViewName> = RowOf<(typeof CHAIN_VIEW_COLUMNS)[V]>;

export type StakePositionRow = ChainRow<"stake_position">;
export type StakeEventRow = ChainRow<"stake_event">;
export type WhitelistRow = ChainRow<"whitelist">;
export type RewardDepositRow = ChainRow<"reward_deposit">;
export type RewardPaymentRow = ChainRow<"reward_payment">;
export type RewardPoolRow = ChainRow<"reward_pool">;
export type StakeLimitsRow = ChainRow<"stake_limits">;
export type StakeLimitChangeRow = ChainRow<"stake_limit_change">;
export type FarmCapsRow = ChainRow<"farm_caps">;
export type OperatorRow = ChainRow<"operator">;
export type FeedPriceRow = ChainRow<"feed_price">;
export type PonderCheckpointRow = ChainRow<"_ponder_checkpoint">;
export type SafeExecutionRow = ChainRow<"safe_execution">;
export type SafeApprovalRow = ChainRow<"safe_approval">;

/** Select-only: Kysely refuses inserts and updates on these views at compile time. */
type View<Row> = { [K in keyof Row]: ColumnType<Row[K], never, never> };

export type ChainViews = { [V in ChainViewName as `chain.${V}`]: View<ChainRow<V>> };

/**
 * Ponder checkpoint layout: 10 digits block timestamp, 16 chain id, 16 block number, then transaction
 * index, event type and event index. The block number is characters 27 to 42 (1-based).
 */
const CHECKPOINT_BLOCK_START = 27;
const CHECKPOINT_BLOCK_DIGITS = 16;
const CHECKPOINT_TIME_DIGITS = 10;

/**
 * The block time of the latest block the indexer has fully indexed (the earliest over its chains): the chain's time as
 * the portal knows it. Null before the indexer has published its views.
 */
export async function getIndexedTime(db: QueryExecutorProvider): Promise<Date | null> {
  try {
    const { rows } = await sql<{ time: Date | null }>`
      SELECT to_timestamp(min(substring(latest_checkpoint FROM 1 FOR ${sql.lit(CHECKPOINT_TIME_DIGITS)}))::bigint) AS time
      FROM chain._ponder_checkpoint
    `.execute(db);
    return rows[0]?.time ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null;
    throw error;
  }
}

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
 * The indexer's progress in one read: over all its chains as one string (their latest checkpoints), which moves
 * whenever indexed rows may have changed (a block indexed, or blocks taken back by a reorg, even one that leaves the
 * indexed block number where it was), and the indexed block as getIndexedBlock reads it (as text), as one row; the
 * statement fails with 42P01 before the indexer has published its views.
 */
export const indexedProgressSql = sql<{ checkpoint: string | null; block: string | null }>`
  SELECT string_agg(chain_id::text || ':' || latest_checkpoint, ',' ORDER BY chain_id) AS checkpoint,
    min(substring(latest_checkpoint FROM ${sql.lit(CHECKPOINT_BLOCK_START)} FOR ${sql.lit(CHECKPOINT_BLOCK_DIGITS)}))::text AS block
  FROM chain._ponder_checkpoint`;

/** The indexer's progress (indexedProgressSql) as the block and the checkpoint string; null before it has published. */
export async function getIndexedProgress(
  db: QueryExecutorProvider,
): Promise<{ block: number; checkpoint: string } | null> {
  try {
    const [row] = (await indexedProgressSql.execute(db)).rows;
    return row?.block == null || row.checkpoint == null
      ? null
      : { block: Number(row.block), checkpoint: row.checkpoint };
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null;
    throw error;
  }
}
