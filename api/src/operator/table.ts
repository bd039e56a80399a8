import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

export interface OperatorTable {
  id: Generated<string>;
  wallet_address: string;
  email: string | null;
  user_role: string;
  twofa_enabled: Generated<boolean>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: bigint | null;
  session_version: Generated<number>;
  disabled_at: Date | null;
  /** Set by each successful sign-in (migration 0029_operator-sign-in). */
  last_sign_in_at: Date | null;
  /** Whether the public network page names this operator's nodes; off by default (migration 0037_operator-public-names). */
  show_node_names: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiweNonceTable {
  nonce: string;
  wallet_address: string;
  message: string;
  expires_at: Date;
  created_at: Timestamp;
}

export interface OperatorTables {
  "app.operator": OperatorTable;
  "app.siwe_nonce": SiweNonceTable;
}
