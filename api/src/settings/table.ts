import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

export interface SettingTable {
  id: Generated<number>;
  application_name: string;
  application_email: string | null;
  logo_url: string | null;
  contact_no: string | null;
  address: string | null;
  minimum_stake: string;
  maximum_stake: string;
  multiply_of: string;
  incentive_percentage: string;
  updated_at: Timestamp;
}

export interface SettingTables {
  "app.setting": SettingTable;
}
