import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

export interface AdminTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  session_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OtpChallengeTable {
  id: Generated<string>;
  admin_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  sends: ColumnType<Date[], Date[] | undefined, Date[]>;
  created_at: Timestamp;
}

export interface AdminTables {
  "app.admin": AdminTable;
  "app.otp_challenge": OtpChallengeTable;
}
