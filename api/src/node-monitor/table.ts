import type { Timestamp } from "../shared/table-types.ts";

export interface NodeProbeDayTable {
  node_id: string;
  day: string;
  probes: number;
  successes: number;
  updated_at: Timestamp;
}

/** One monitor check of a node, kept 30 days (migration 0034_node-checks). */
export interface NodeCheckTable {
  node_id: string;
  checked_at: Date;
  answered: boolean;
}

/** A node's checks of one UTC day, counted (migration 0039_node-check-days). */
export interface NodeCheckDayTable {
  node_id: string;
  day: string;
  answered: number;
  checks: number;
}

export interface NodeMonitorTables {
  "app.node_probe_day": NodeProbeDayTable;
  "app.node_check": NodeCheckTable;
  "app.node_check_day": NodeCheckDayTable;
}
