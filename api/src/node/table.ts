import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { HistoryTarget, NodeStatus } from "./rules.ts";

export interface NodeTable {
  id: Generated<string>;
  operator_id: string;
  /** The owner's wallet when the node was registered (lowercase 0x), never from a request body. */
  wallet_address: string;
  name: string;
  description: Generated<string>;
  logo: string | null;
  /** One of the provider options; for `Others`, `other_provider` holds the provider's name. */
  provider: string;
  other_provider: string | null;
  ipaddress: string;
  os: string;
  ram: number;
  storage: number;
  security: string;
  oracle_address: string;
  node_address: string;
  network: string | null;
  job_id: string | null;
  status: Generated<NodeStatus>;
  admin_notes: Generated<string>;
  /** Who made the node De-Active, while it is; null otherwise. */
  deactivated_by: Exclude<ActorType, "system"> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * The search fields and the owner's email, lower-cased; kept by triggers (migration 0012_node-search-text), read only.
   */
  search_text: ColumnType<string, never, never>;
}

export type ActorType = "user" | "admin" | "system";

/** Every status change of a node; kept when the node is deleted. */
export interface NodeStatusHistoryTable {
  id: Generated<string>;
  node_id: string;
  actor_type: ActorType;
  actor_id: string | null;
  /** Null when the row records the node's creation. */
  from_status: NodeStatus | null;
  to_status: HistoryTarget;
  notes: Generated<string>;
  created_at: Timestamp;
}

/** One UTC day's reputation value (0..1) of a node, written by the node monitor. */
export interface NodeReputationTable {
  node_id: string;
  day: string;
  value: number;
  created_at: Timestamp;
}

/** A UTC day on which the node monitor found the node inactive. */
export interface NodeInactiveDateTable {
  node_id: string;
  day: string;
  created_at: Timestamp;
}

/** How many nodes are in each status; kept by triggers on app.node (migration 0008_node-status-counts), read only. */
export interface NodeStatusCountTable {
  status: NodeStatus;
  count: ColumnType<bigint, never, never>;
}

/**
 * Each node's status, creation time and search text, for searches: kept by triggers on app.node
 * (migration 0031_node-search-table), read only.
 */
export interface NodeSearchTable {
  node_id: ColumnType<string, never, never>;
  created_at: ColumnType<Date, never, never>;
  status: ColumnType<NodeStatus, never, never>;
  search_text: ColumnType<string, never, never>;
}

export interface NodeTables {
  "app.node": NodeTable;
  "app.node_search": NodeSearchTable;
  "app.node_status_count": NodeStatusCountTable;
  "app.node_status_history": NodeStatusHistoryTable;
  "app.node_reputation": NodeReputationTable;
  "app.node_inactive_date": NodeInactiveDateTable;
}
