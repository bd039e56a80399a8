import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";
import type { AdminTables } from "../admin/table.ts";
import type { AlertTables } from "../alert/table.ts";
import type { AuditTables } from "../audit/table.ts";
import type { ChainViews } from "../chain/views.ts";
import type { IncentiveTables } from "../incentive/table.ts";
import type { InviteTables } from "../invite/table.ts";
import type { JobTables } from "../job/table.ts";
import type { JobCategoryTables } from "../job-category/table.ts";
import type { MailTables } from "../mail/table.ts";
import type { AnnouncementTables } from "../live/table.ts";
import type { NodeTables } from "../node/table.ts";
import type { NodeMonitorTables } from "../node-monitor/table.ts";
import type { PasskeyTables } from "../passkey/table.ts";
import type { RateLimitTables } from "../rate-limit/table.ts";
import type { StakeRequestTables } from "../stake-request/table.ts";
import type { RpcUrlTables } from "../rpcurl/table.ts";
import type { SettingTables } from "../setting/table.ts";
import type { TicketTables } from "../ticket/table.ts";
import type { UploadTables } from "../upload/table.ts";
import type { OperatorTables } from "../operator/table.ts";
import type { ValidatorCheckTables } from "../validator-check/table.ts";

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

/** Every table the API reads or writes: each feature's `app` tables plus Ponder's `chain` views (read-only). */
export interface Database
  extends
    ChainViews,
    SettingTables,
    OperatorTables,
    AdminTables,
    ValidatorCheckTables,
    UploadTables,
    RpcUrlTables,
    RateLimitTables,
    NodeTables,
    InviteTables,
    NodeMonitorTables,
    JobTables,
    JobCategoryTables,
    StakeRequestTables,
    IncentiveTables,
    AlertTables,
    AuditTables,
    TicketTables,
    PasskeyTables,
    AnnouncementTables,
    MailTables {}

export type Db = Kysely<Database>;

/** A Kysely instance on a pool; queries can stream through a Postgres cursor (`.stream()`). */
export function createDb(connectionString: string, max = 10): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max }), cursor: Cursor }),
  });
}
