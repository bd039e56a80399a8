import type { StakeStatus } from "@pli/abis";
import type { Db } from "../db/database.ts";

export interface StakePosition {
  wallet: string;
  node: string;
  status: StakeStatus;
  totalStaked: bigint;
  firstStakedAt: Date;
  lastStakedAt: Date;
}

/** The indexed stake position of (wallet, node), read from `chain.stake_position`; undefined when none. */
export async function findStakePosition(db: Db, wallet: string, node: string): Promise<StakePosition | undefined> {
  const row = await db
    .selectFrom("chain.stake_position")
    .select(["wallet", "node", "status", "total_staked", "first_staked_at", "last_staked_at"])
    .where("wallet", "=", wallet.toLowerCase())
    .where("node", "=", node.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    wallet: row.wallet,
    node: row.node,
    status: row.status,
    totalStaked: BigInt(row.total_staked),
    firstStakedAt: row.first_staked_at,
    lastStakedAt: row.last_staked_at,
  };
}
