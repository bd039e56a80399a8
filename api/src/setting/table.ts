import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

/** The site settings. The stake minimum and maximum are not here: they are the contract's (`chain.stake_limits`). */
export interface SettingTable {
  id: Generated<number>;
  application_name: string;
  application_email: string | null;
  logo_url: string | null;
  contact_no: string | null;
  address: string | null;
  /** Whole PLI. */
  multiply_of: string;
  incentive_percentage: string;
  updated_at: Timestamp;
}

/** The multiple (whole PLI) from `effective_from` on, recorded by a trigger on app.setting. */
export interface StakeMultipleTable {
  id: Generated<string>;
  multiple: string;
  effective_from: Timestamp;
}

/** A stake limit change the settings page sent, recorded with the admin who sent it. */
export interface StakeLimitPortalChangeTable {
  tx_hash: string;
  admin_id: string | null;
  recorded_at: Generated<Date>;
}

export interface SettingTables {
  "app.setting": SettingTable;
  "app.stake_multiple": StakeMultipleTable;
  "app.stake_limit_portal_change": StakeLimitPortalChangeTable;
}
