import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

export interface AdminPasskeyTable {
  id: Generated<string>;
  admin_id: string;
  /** The credential's id as the browser reports it (base64url). */
  credential_id: string;
  /** COSE public key. */
  public_key: Uint8Array;
  /** The authenticator's signature counter as last seen (bigint: it is an unsigned 32-bit value). */
  counter: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  /** Whether the browser reported it discoverable (credProps.rk); null when it did not say. */
  discoverable: ColumnType<boolean | null, boolean | null | undefined, never>;
  created_at: Timestamp;
  last_used_at: Date | null;
}

export type PasskeyChallengePurpose = "registration" | "authentication";

export interface PasskeyChallengeTable {
  id: Generated<string>;
  /** Null only for a sign-in attempt answered blind for an email no admin has. */
  admin_id: string | null;
  /** The sign-in attempt (otp_challenge) an authentication challenge belongs to; null for registration. */
  attempt_id: string | null;
  purpose: PasskeyChallengePurpose;
  challenge: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface PasskeyTables {
  "app.admin_passkey": AdminPasskeyTable;
  "app.passkey_challenge": PasskeyChallengeTable;
}
