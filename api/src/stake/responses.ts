import { valuedAt } from "../price/index.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import type { StakeEventRow } from "../chain/views.ts";
import type { StakeEventListRow } from "./events.ts";
import type { PositionRow } from "./positions.ts";
import { stakeIdOf } from "./rules.ts";
import type { StakeEventResponse, StakeResponse } from "./schema.ts";

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const toTransaction = (row: StakeEventRow) => ({
  _id: row.id,
  kind: row.kind,
  totalStake: row.amount,
  totalAfter: row.total_after,
  tnxHash: row.tx_hash,
  date: row.block_time.toISOString(),
  blockNumber: row.block_number.toString(),
});

export function toStakeResponse(row: PositionRow, events: StakeEventRow[]): StakeResponse {
  return {
    _id: stakeIdOf(row.wallet, row.node),
    walletAddress: row.wallet,
    nodeAddress: row.node,
    nodeId: row.node_id,
    status: row.status,
    totalStake: row.total_staked,
    tnxHash: row.last_stake_tx,
    date: row.first_staked_at.toISOString(),
    lastStakedAt: row.last_staked_at.toISOString(),
    isUnlocked: row.status !== STAKE_STATUS.stake,
    unlockTnxHash: row.unlock_tx,
    unlockedAt: iso(row.unlocked_at),
    withdrawStake: row.withdrawn_amount,
    withdrawTnxHash: row.withdraw_tx,
    withdrawnAt: iso(row.withdrawn_at),
    user: { _id: row.owner_id, email: row.owner_email ?? "", walletAddress: row.wallet },
    nodesetting: { _id: row.node_id, name: row.node_name ?? "", walletAddress: row.wallet, nodeAddress: row.node },
    transaction: events.map(toTransaction),
  };
}

/** An event as the transaction list answers it; `priced` (PRICE_FEED_ADDRESS set) adds its USD at its block. */
export const toStakeEventResponse = (row: StakeEventListRow, priced: boolean): StakeEventResponse => ({
  ...toTransaction(row),
  walletAddress: row.wallet,
  nodeAddress: row.node,
  nodeId: row.node_id,
  stakeId: stakeIdOf(row.wallet, row.node),
  status: row.position_status,
  ...(priced ? valuedAt(row.kept_price, BigInt(row.amount)) : { price: null, usd: null }),
});
