import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { StakeRequestStatus } from "./rules.ts";

/** An operator's interest in staking on one of their nodes, reviewed by an admin. */
export interface StakeRequestTable {
  id: Generated<string>;
  operator_id: string;
  node_id: string;
  status: Generated<StakeRequestStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StakeRequestTables {
  "app.stake_request": StakeRequestTable;
}
