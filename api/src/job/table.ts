import type { ColumnType, Generated } from "kysely";
import type { JobNetwork } from "../public-contract/domain.ts";
import type { Timestamp } from "../shared/table-types.ts";
import type { JobRunStatus, JobStatus } from "./rules.ts";

/** A decimal column: read as text (exact), written as text. */
type Decimal = ColumnType<string, string, string>;

/** An oracle job an operator runs on one of their nodes. Multi-line fields hold one value per line, joined by "\n". */
export interface JobTable {
  id: Generated<string>;
  node_id: string;
  operator_id: string;
  category_id: string;
  name: string;
  description: Generated<string>;
  oracle_address: string;
  job_id: string;
  cost: Decimal;
  job_source: string;
  job_provider: Generated<string>;
  index_pair: Generated<string>;
  contract_address: Generated<string>;
  network: JobNetwork;
  polltimer: number | null;
  minimum_oracle: number | null;
  eac_address: Generated<string>;
  access_address: Generated<string>;
  deviation: Decimal | null;
  status: Generated<JobStatus>;
  job_status: JobRunStatus | null;
  admin_notes: Generated<string>;
  /** A field other than name or description has changed since the job was submitted. */
  job_change: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobTables {
  "app.job": JobTable;
}
