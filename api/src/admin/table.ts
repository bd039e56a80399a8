import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

export interface AdminTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  session_version: Generated<number>;
  /** Whether an emailed code may still complete a sign-in (off only while the admin has a passkey). */
  email_code_fallback: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A sign-in attempt that passed the password; finished once by its emailed code or by a passkey. */
export interface OtpChallengeTable {
  id: Generated<string>;
  admin_id: string;
  /** Null until a code is mailed (an admin with a passkey asks for one). */
  code_hash: string | null;
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
