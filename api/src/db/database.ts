import { Socket } from "node:net";
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
import type { NotificationTables } from "../notification/table.ts";
import type { RateLimitTables } from "../rate-limit/table.ts";
import type { StakeRequestTables } from "../stake-request/table.ts";
import type { RpcUrlTables } from "../rpcurl/table.ts";
import type { SafeTables } from "../safe/table.ts";
import type { SettingTables } from "../setting/table.ts";
import type { TicketTables } from "../ticket/table.ts";
import type { UploadTables } from "../upload/table.ts";
import type { OperatorTables } from "../operator/table.ts";
import type { ValidatorCheckTables } from "../validator-check/table.ts";
import type { UncheckedTables } from "../unchecked/table.ts";
import type { WebhookTables } from "../webhook/table.ts";
import { reusedReadSocket } from "./reused-read-socket.ts";

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
    NotificationTables,
    NodeTables,
    InviteTables,
    SafeTables,
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
    MailTables,
    UncheckedTables,
    WebhookTables {}

export type Db = Kysely<Database>;

/**
 * Runs `work` in `db` when it is a transaction already, else in a new one: a service's writes then join its caller's
 * transaction and commit or roll back with it.
 */
export const transact = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * The socket of a pool's connection: one that reads into buffers of its own (reusedReadSocket, for COPY's sake),
 * or for TLS, which reads through its own socket anyway, a plain one. pg calls it with the connection's settings,
 * which its types leave out.
 */
const socketFor = ((settings: { ssl?: unknown }) =>
  settings.ssl ? new Socket() : reusedReadSocket()) as unknown as () => Socket;

/** The pg Pool under each Db createDb made, for the metrics of its use. */
const pools = new WeakMap<Db, pg.Pool>();

/** Server-side and client-side limits for a pool whose queries must give up quickly (the metrics' reads). */
export type PoolLimits = Pick<pg.PoolConfig, "statement_timeout" | "query_timeout" | "connectionTimeoutMillis">;

/**
 * How long a request waits for a connection: a pool whose server is down or restarting refuses at once, but one
 * that does not answer (or a pool with every connection busy) would otherwise hold the request forever. Past it the
 * query fails and the request answers 503 (shared/outage.ts).
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

export interface PoolOptions {
  /** Limits over the defaults (a connection wait of CONNECTION_TIMEOUT_MS). */
  limits?: PoolLimits;
  /** Hears of an idle connection's error (a restarting database ends them). */
  onIdleError?: (error: Error) => void;
}

/**
 * A Kysely instance on a pool; queries can stream through a Postgres cursor (`.stream()`). A restarting database
 * ends the pool's idle connections: the pool drops them and opens new ones for the next queries, and `onIdleError`
 * hears of it (without a listener, node-postgres's error event would end the process).
 */
export function createDb(connectionString: string, max = 10, options: PoolOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    stream: socketFor,
    max,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    ...options.limits,
    // Every date rule counts UTC days (a day's checks, a month's incentives, a 30-day window): a database or server
    // whose own time zone is another would move their edges by its offset, and a window of calendar days by an hour
    // across its clock changes. The pool hands a new connection out once the setting has answered: sent from the
    // `connect` event instead, it was still queued when `pool.query` sent its own query, which pg 8 warns of and
    // pg 9 refuses.
    onConnect: async (client) => {
      await client.query("SET TIME ZONE 'UTC'");
    },
  });
  pool.on("error", options.onIdleError ?? (() => undefined));
  // A connection lost while handed out (the server ended it, a restart mid-query): its queries fail with the error, and
  // node-postgres emits it on the client as well, which the pool hears only on idle clients: unheard, it would end the
  // process.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  pools.set(db, pool);
  return db;
}

/** The pg Pool under a Db createDb made, for work Kysely has no words for (a COPY); throws for any other Db. */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("this Db was not made by createDb: it has no pool of its own");
  return pool;
}

/** How the Db's pool is used now: connections open, idle ones, and queries waiting for a connection. */
export function poolUse(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
