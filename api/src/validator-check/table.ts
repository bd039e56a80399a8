import type { Timestamp } from "../shared/table-types.ts";

export interface ValidatorDirectoryTable {
  wallet_address: string;
  email: string | null;
  user_role: string;
  created_at: Timestamp;
}

export interface ValidatorCheckTables {
  "app.validator_directory": ValidatorDirectoryTable;
}
