import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { RequestStatus } from "./rules.ts";

/** An operator's interest in staking on one of their nodes, reviewed by an admin. */
export interface RequestTable {
  id: Generated<string>;
  operator_id: string;
  node_id: string;
  status: Generated<RequestStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RequestTables {
  "app.request": RequestTable;
}
