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

/** Every table the API reads or writes: its own `app` schema plus Ponder's `chain` views (read-only). */
export interface Database extends ChainViews {
  "app.setting": SettingTable;
}

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max }) }) });
}
