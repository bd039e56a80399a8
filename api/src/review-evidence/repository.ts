import { STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";

/** The node under review (its figures and operator); undefined for an unknown id. */
export const reviewedNode = (db: Db, nodeId: string) =>
  db
    .selectFrom("app.node as n")
    .select(["n.id", "n.ram", "n.storage", "n.operator_id"])
    .where("n.id", "=", nodeId)
    .executeTakeFirst();

/** Every node of the operator with the chain's stake position of (wallet, node address), newest first. */
export const operatorNodes = (db: Db, operatorId: string) =>
  db
    .selectFrom("app.node as n")
    .leftJoin("chain.stake_position as p", (join) =>
      join.onRef("p.wallet", "=", "n.wallet_address").onRef("p.node", "=", "n.node_address"),
    )
    .select(["n.id", "n.name", "n.status"])
    .select((eb) => [
      eb.ref("p.status").$castTo<StakeStatus | null>().as("stake_status"),
      eb.fn.coalesce("p.total_staked", eb.val("0")).$castTo<string>().as("total_staked"),
    ])
    .where("n.operator_id", "=", operatorId)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id")
    .execute();

/** The operator's stake requests with their node's name, newest first. */
export const operatorRequests = (db: Db, operatorId: string) =>
  db
    .selectFrom("app.stake_request as r")
    .innerJoin("app.node as n", "n.id", "r.node_id")
    .select(["r.id", "r.status", "r.created_at", "n.name"])
    .where("r.operator_id", "=", operatorId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id")
    .execute();

/** Whether a stake position still holds stake on the chain (Stake or Unlock). */
export const holdsStake = (status: StakeStatus | null) =>
  status === STAKE_STATUS.stake || status === STAKE_STATUS.unlock;
