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
  /** When `admin:disable` took the admin's access away; null while they may sign in (0052). */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A sign-in attempt after the password step; finished once by its emailed code or by a passkey, and
 * only when the password matched.
 */
export interface OtpChallengeTable {
  id: Generated<string>;
  /** Null for an attempt answered blind to an email no admin has. */
  admin_id: string | null;
  /** False for an attempt answered blind to a wrong password: it mails no code and can never be finished. */
  password_matched: boolean;
  /**
   * Started while the account's failures from all clients were over their ceiling: right and wrong passwords were
   * answered alike.
   */
  blind: boolean;
  /** Null until a code is mailed (an admin with a passkey asks for one). */
  code_hash: string | null;
  /** The admin's session version when the password was checked: the attempt finishes only while it holds (0051). */
  session_version: number | null;
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
