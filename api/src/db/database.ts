import { Kysely, PostgresDialect, type Generated, type ColumnType } from "kysely";
import pg from "pg";
import type { ChainViews } from "../chain/views.ts";

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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

export interface OperatorTable {
  id: Generated<string>;
  wallet_address: string;
  email: string | null;
  user_role: string;
  twofa_enabled: Generated<boolean>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ValidatorDirectoryTable {
  wallet_address: string;
  email: string | null;
  user_role: string;
  created_at: Timestamp;
}

export interface SiweNonceTable {
  nonce: string;
  wallet_address: string;
  message: string;
  expires_at: Date;
  created_at: Timestamp;
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

export interface UploadTable {
  file_name: string;
  original_name: string;
  content_type: string;
  size: number;
  uploaded_by: string;
  created_at: Timestamp;
}

export interface RpcUrlTable {
  id: Generated<string>;
  owner_type: "user" | "admin";
  owner_id: string;
  name: string;
  provider: string;
  rpc: string;
  wss: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitTable {
  key: string;
  window_start: Date;
  hits: number;
}

/** Every table the API reads or writes: its own `app` schema plus Ponder's `chain` views (read-only). */
export interface Database extends ChainViews {
  "app.setting": SettingTable;
  "app.operator": OperatorTable;
  "app.admin": AdminTable;
  "app.validator_directory": ValidatorDirectoryTable;
  "app.siwe_nonce": SiweNonceTable;
  "app.otp_challenge": OtpChallengeTable;
  "app.upload": UploadTable;
  "app.rpc_url": RpcUrlTable;
  "app.rate_limit": RateLimitTable;
}

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max }) }) });
}
