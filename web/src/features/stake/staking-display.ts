import { mayWithdraw, STAKE_STATUS, type StakeEventResponse, type StakeStatus } from "@pli/api/public-contract";

/**
 * What the staking screens offer for a position (spec sections 2 and 4), decided from the chain's
 * stake status as the API reads it.
 */

/** An unlocked position takes no stake or top-up until it is withdrawn (the contract refuses them). */
export const stakingBlocked = (status: StakeStatus | null) => status === STAKE_STATUS.unlock;

/** The staking screen's link for a position: top up while staked, stake again once withdrawn, none while unlocked. */
export const positionLink = (status: StakeStatus | null): "topUp" | "stake" | null =>
  status === STAKE_STATUS.stake ? "topUp" : status === STAKE_STATUS.unlock ? null : "stake";

/** How each kind of stake event is named in the transaction list and a position's history. */
export const EVENT_KIND_LABELS: Record<StakeEventResponse["kind"], string> = {
  stake: "Stake",
  topup: "Top-up",
  unlock: "Unlock",
  unstake: "Withdraw",
};

/** The one row of each position that carries its Withdraw button: the newest on the page (rows come newest first). */
export function withdrawRows(rows: Pick<StakeEventResponse, "_id" | "stakeId" | "status">[]): Set<string> {
  const seen = new Set<string>();
  const offered = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.stakeId)) continue;
    seen.add(row.stakeId);
    if (mayWithdraw(row.status)) offered.add(row._id);
  }
  return offered;
}
