import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

/** A kind of oracle job, chosen when a job is submitted; removable only while no job uses it. */
export interface JobCategoryTable {
  id: Generated<string>;
  category_name: string;
  created_at: Timestamp;
}

export interface JobCategoryTables {
  "app.job_category": JobCategoryTable;
}
