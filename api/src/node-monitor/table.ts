import type { Timestamp } from "../shared/table-types.ts";

export interface NodeProbeDayTable {
  node_id: string;
  day: string;
  probes: number;
  successes: number;
  updated_at: Timestamp;
}

export interface NodeMonitorTables {
  "app.node_probe_day": NodeProbeDayTable;
}
