import { sql } from "kysely";
import type { PublicClient } from "viem";
import type { Db } from "../db/database.ts";
import { currentHealth, type ReadinessLimits } from "../health/index.ts";
import { rewardBalance } from "../incentive/index.ts";
import { MAIL_OUTCOME, MAX_ATTEMPTS } from "../mail/index.ts";
import { NODE_MONITOR_JOB } from "../node-monitor/index.ts";
import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import { SCHEDULER_SCHEMA } from "../scheduler/scheduler.ts";
import { pliText } from "../shared/pli.ts";
import { WEBHOOK_OUTCOME } from "../webhook/schema.ts";

/** Longest a scrape waits for any one reading; a slower part is left out of that scrape rather than hang it. */
export const READING_TIMEOUT_MS = 1_500;
/** How long one snapshot serves every gauge of a scrape (and scrapes of several Prometheus servers). */
const SNAPSHOT_MS = 1_000;

export interface QueueReading {
  queue: string;
  queued: number;
  failed: number;
  /** Whether the queue's last finished run failed; null before its first. */
  lastRunFailed: boolean | null;
}

/** What the gauges show, read once per scrape; a part that failed or timed out is null. */
export interface Snapshot {
  indexer: { head: number | null; block: number | null; lag: number | null } | null;
  /** The analysts' replica's lag, as the health check read it; null without ANALYST_REPLICA_URL or when unknown. */
  replica: { lagBytes: number | null; lagSeconds: number | null } | null;
  queues: QueueReading[] | null;
  /** When the node monitor last finished a round, seconds since the epoch; null before its first. */
  monitorLastRound: { at: number | null } | null;
  mail: { backlog: number; oldestPendingSeconds: number; retrying: number; givenUp: number } | null;
  webhooks: { waiting: number; oldestDueSeconds: number; retrying: number; givenUp: number } | null;
  rewards: { poolPli: number; unpaidPli: number } | null;
}

/** `promise`, or null once it failed or READING_TIMEOUT_MS passed. */
function reading<T>(promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READING_TIMEOUT_MS)));
  return Promise.race([promise.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

const scheduler = (table: string) => sql.table(`${SCHEDULER_SCHEMA}.${table}`);

async function readQueues(db: Db): Promise<QueueReading[]> {
  const { rows } = await sql<{ queue: string; queued: number; failed: number; last_state: string | null }>`
    SELECT q.name AS queue,
      coalesce(live.queued, 0)::int AS queued,
      coalesce(live.failed, 0)::int AS failed,
      last.state::text AS last_state
    FROM ${scheduler("queue")} AS q
    LEFT JOIN (
      SELECT name,
        count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
        count(*) FILTER (WHERE state = 'failed') AS failed
      FROM ${scheduler("job")}
      WHERE state IN ('created', 'retry', 'active', 'failed')
      GROUP BY name
    ) AS live ON live.name = q.name
    LEFT JOIN LATERAL (
      SELECT state FROM ${scheduler("job")} AS j
      WHERE j.name = q.name AND j.completed_on IS NOT NULL AND j.state IN ('completed', 'failed')
      ORDER BY j.completed_on DESC LIMIT 1
    ) AS last ON true
    ORDER BY q.name
  `.execute(db);
  return rows.map((row) => ({
    queue: row.queue,
    queued: row.queued,
    failed: row.failed,
    lastRunFailed: row.last_state === null ? null : row.last_state === "failed",
  }));
}

async function readMonitorLastRound(db: Db) {
  const { rows } = await sql<{ at: number | null }>`
    SELECT extract(epoch FROM max(completed_on))::float8 AS at FROM ${scheduler("job")}
    WHERE name = ${NODE_MONITOR_JOB} AND state = 'completed' AND completed_on IS NOT NULL
  `.execute(db);
  return { at: rows[0]?.at ?? null };
}

async function readMail(db: Db) {
  const { rows } = await sql<{ backlog: number; oldest: number; retrying: number; given_up: number }>`
    SELECT
      (SELECT count(*)::int FROM app.mail_outbox WHERE done_at IS NULL AND attempts < ${MAX_ATTEMPTS}) AS backlog,
      (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 FROM app.mail_outbox
        WHERE done_at IS NULL AND attempts < ${MAX_ATTEMPTS}) AS oldest,
      (SELECT count(*)::int FROM app.mail_outbox WHERE done_at IS NULL AND last_error IS NOT NULL) AS retrying,
      (SELECT count(*)::int FROM app.mail_outbox WHERE outcome = ${MAIL_OUTCOME.failed}) AS given_up
  `.execute(db);
  const row = rows[0]!;
  return { backlog: row.backlog, oldestPendingSeconds: row.oldest, retrying: row.retrying, givenUp: row.given_up };
}

/**
 * Operators' webhook deliveries not done yet (a retry waits its turn); how long the one most overdue has been due
 * (deliveries run within seconds of being recorded or due, so minutes mean nothing sends them); those that failed and
 * will be tried again; and those given up after their last attempt.
 */
async function readWebhooks(db: Db) {
  const { rows } = await sql<{ waiting: number; overdue: number; retrying: number; given_up: number }>`
    SELECT waiting.*,
      (SELECT count(*)::int FROM app.webhook_delivery WHERE outcome = ${WEBHOOK_OUTCOME.failed}) AS given_up
    FROM (
      SELECT count(*)::int AS waiting,
        coalesce(extract(epoch FROM now() - min(next_attempt_at)), 0)::float8 AS overdue,
        (count(*) FILTER (WHERE attempts > 0))::int AS retrying
      FROM app.webhook_delivery WHERE done_at IS NULL
    ) AS waiting
  `.execute(db);
  const row = rows[0]!;
  return {
    waiting: row.waiting,
    oldestDueSeconds: Math.max(0, row.overdue),
    retrying: row.retrying,
    givenUp: row.given_up,
  };
}

const pli = (wei: string | bigint) => Number(pliText(BigInt(wei)));

async function readRewards(db: Db) {
  const [pool, unpaid] = await Promise.all([
    rewardBalance(db),
    db
      .selectFrom("app.incentive_status_count")
      .select("token")
      .where("status", "=", INCENTIVE_STATUS.unPaid)
      .executeTakeFirst(),
  ]);
  return { poolPli: pli(pool), unpaidPli: pli(unpaid?.token ?? "0") };
}

export interface SnapshotSources {
  /** The API's own Db: the health check (shared with /api/health) reads through it. */
  db: Db;
  /** A small pool whose queries give up quickly (createDb's limits): the metrics' own reads. */
  reader: Db;
  /** The analysts' replica (ANALYST_REPLICA_URL): its lag comes with the health check. */
  analystReplica?: Db;
  chain: PublicClient;
  /** The readiness limits /api/health uses, so both share one cached check. */
  limits: ReadinessLimits;
}

/**
 * The readings of one scrape. The chain head comes from the health check, cached about a second, so a scrape adds
 * no RPC call to those /api/health makes; one snapshot serves every gauge of scrapes within SNAPSHOT_MS.
 */
export function snapshots({ db, reader, analystReplica, chain, limits }: SnapshotSources): () => Promise<Snapshot> {
  let recent: { snapshot: Promise<Snapshot>; at: number } | undefined;
  const read = async (): Promise<Snapshot> => {
    const [health, queues, monitorLastRound, mail, webhooks, rewards] = await Promise.all([
      reading(currentHealth(db, chain, limits, analystReplica)),
      reading(readQueues(reader)),
      reading(readMonitorLastRound(reader)),
      reading(readMail(reader)),
      reading(readWebhooks(reader)),
      reading(readRewards(reader)),
    ]);
    const indexer = health && { head: health.chain.head, block: health.indexer.block, lag: health.indexer.lag };
    const replica = health?.replica?.ok ? health.replica : null;
    return { indexer, replica, queues, monitorLastRound, mail, webhooks, rewards };
  };
  return () => {
    if (!recent || performance.now() - recent.at > SNAPSHOT_MS) recent = { snapshot: read(), at: performance.now() };
    return recent.snapshot;
  };
}
