import { sql } from "kysely";
import { recordInactiveDayAlerts, recordNodeHealthAlerts } from "../alert/index.ts";
import type { Db } from "../db/database.ts";
import { healthCrossing, MONITORED_STATUSES, NODE_HEALTH, windowStart, type NodeStatus } from "../node/schema.ts";
import { cronEveryMinutes } from "../scheduler/cron.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import type { Log } from "../shared/logger.ts";
import { ADVISORY_LOCK } from "../shared/advisory-locks.ts";

/** A day whose share of answered probes is under this is an inactive date. */
const INACTIVE_BELOW = 0.5;

/**
 * Whether a finished day's probe counts (a row of app.node_probe_day, named `row` in the query) make it an inactive
 * date, as an SQL condition: what markInactiveDays marks, and what the earnings take off a month the accrual has not
 * reached yet.
 */
export const probeDayInactive = (row: string) =>
  sql<boolean>`${sql.ref(`${row}.successes`)}::float8 / ${sql.ref(`${row}.probes`)} < ${INACTIVE_BELOW}`;

/** How far back a round looks for finished days to mark inactive (a monitor down for longer catches up this far). */
const CATCH_UP_DAYS = 31;

/** Probes sent at once, so a round over many nodes neither floods the network nor the process. */
const CONCURRENCY = 50;

export interface ProbeSettings {
  port: number;
  path: string;
  timeoutMs: number;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The URL the monitor asks a node at: its IP address (IPv6 in brackets), the probe port and path. */
const probeUrl = (ipaddress: string, { port, path }: ProbeSettings) =>
  `http://${ipaddress.includes(":") ? `[${ipaddress}]` : ipaddress}:${port}${path}`;

/** True when the node answers with any HTTP status under 500 within the timeout. */
export async function probe(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/** The nodes whose check at `now` crossed the stopped-answering rule, from each one's latest checks (by its key). */
async function healthCrossings(tx: Db, nodes: { id: string; status: NodeStatus }[], now: Date) {
  if (nodes.length === 0) return [];
  const { rows } = await sql<{ id: string; answers: boolean[] }>`
    SELECT n.id, ARRAY(
      SELECT answered FROM app.node_check
      WHERE node_id = n.id AND checked_at <= ${now} ORDER BY checked_at DESC LIMIT ${NODE_HEALTH.downAfterMisses + 1}
    ) AS answers
    FROM unnest(${nodes.map((node) => node.id)}::uuid[]) AS n (id)
  `.execute(tx);
  const statusOf = new Map(nodes.map((node) => [node.id, node.status]));
  return rows.flatMap((row) => {
    const change = healthCrossing(statusOf.get(row.id)!, row.answers);
    return change ? [{ nodeId: row.id, change }] : [];
  });
}

export interface Check {
  nodeId: string;
  checkedAt: Date;
  answered: boolean;
}

/**
 * Keeps `checks` (call it inside the transaction that writes them): each one in app.node_check unless that node already
 * has a check at that time, and every newly kept one added to its node's counts of its UTC day in app.node_check_day in
 * the same statement, so the day counts always equal the kept checks of their day.
 */
export async function recordChecks(tx: Db, checks: Check[]): Promise<void> {
  if (checks.length === 0) return;
  await sql`
    WITH kept AS (
      INSERT INTO app.node_check (node_id, checked_at, answered)
      SELECT * FROM unnest(
        ${checks.map((check) => check.nodeId)}::uuid[],
        ${checks.map((check) => check.checkedAt.toISOString())}::timestamptz[],
        ${checks.map((check) => check.answered)}::boolean[]
      )
      ON CONFLICT (node_id, checked_at) DO NOTHING
      RETURNING node_id, checked_at, answered
    )
    INSERT INTO app.node_check_day AS d (node_id, day, answered, checks)
    SELECT node_id, (checked_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE answered), count(*)
    FROM kept GROUP BY 1, 2
    ON CONFLICT (node_id, day) DO UPDATE SET answered = d.answered + excluded.answered, checks = d.checks + excluded.checks
  `.execute(tx);
}

/**
 * Deletes the checks older than NODE_HEALTH.keepDays before `now` and the day counts of days before the last
 * NODE_HEALTH.keepDays whole UTC days (today included), each by its index on the time.
 */
async function pruneChecks(tx: Db, now: Date): Promise<void> {
  await tx
    .deleteFrom("app.node_check")
    .where("checked_at", "<=", sql<Date>`${now}::timestamptz - make_interval(days => ${NODE_HEALTH.keepDays})`)
    .execute();
  await tx.deleteFrom("app.node_check_day").where("day", "<", windowStart(now, NODE_HEALTH.keepDays)).execute();
}

/**
 * Marks as inactive every day in [from, before) whose share of answered probes stayed under half, and records the
 * alert mail of each newly marked day (`today` says which are too old to tell). Marking a day again changes nothing.
 * Each round judges the finished days of its window; the incentive accrual judges a month's days before it accrues
 * the month, so a month is never accrued before its last day is judged.
 */
export async function markInactiveDays(
  trx: Db,
  { from, before, today }: { from: string; before: string; today: string },
) {
  const marked = await sql<{ node_id: string; day: string }>`
    INSERT INTO app.node_inactive_date (node_id, day)
    SELECT node_id, day FROM app.node_probe_day AS p
    WHERE day >= ${from}::date AND day < ${before}::date AND ${probeDayInactive("p")}
    ON CONFLICT DO NOTHING
    RETURNING node_id, to_char(day, 'YYYY-MM-DD') AS day`.execute(trx);
  await recordInactiveDayAlerts(trx, marked.rows, today);
}

/**
 * One monitor round at `now`: probes every approved node, adds the answers to that UTC day's
 * counters, sets the day's reputation value (the share answered so far), and records as inactive
 * every finished day (up to a month back, so a monitor that was down catches up) whose share stayed
 * under half. Rounds add to the day's counters in one statement, so rounds from different instances
 * never overwrite each other, and marking a day inactive again changes nothing. A newly marked day
 * records its alert mail to the node's operator in the same transaction. Each answer is also kept as a check (for the
 * node's uptime, last answer and whether it stopped answering) and counted in its day's checks (recordChecks); checks
 * older than NODE_HEALTH.keepDays and day counts older than as many whole days are deleted.
 * A node this round's check made cross the stopped-answering rule (down, or back up) records its webhook alert in the
 * same transaction, so the alert leaves with this round, not a later digest.
 */
export async function runProbeRound(
  db: Db,
  settings: ProbeSettings,
  now: Date,
): Promise<{ probed: number; answered: number }> {
  const day = utcDay(now);
  return db.connection().execute(async (connection) => {
    // Held from before the probes to the commit: an accrual waits for this round, and this round for an accrual.
    await sql`SELECT pg_advisory_lock_shared(${ADVISORY_LOCK.incentiveAccrual})`.execute(connection);
    try {
      const nodes = await connection
        .selectFrom("app.node")
        .select(["id", "ipaddress", "status"])
        .where("status", "in", MONITORED_STATUSES)
        .execute();
      const answers = await inBatches(nodes, CONCURRENCY, (node) =>
        probe(probeUrl(node.ipaddress, settings), settings.timeoutMs),
      );
      await connection.transaction().execute(async (trx) => {
        if (nodes.length > 0) {
          await trx
            .insertInto("app.node_probe_day")
            .values(nodes.map((node, i) => ({ node_id: node.id, day, probes: 1, successes: answers[i] ? 1 : 0 })))
            .onConflict((oc) =>
              oc.columns(["node_id", "day"]).doUpdateSet({
                probes: sql`app.node_probe_day.probes + 1`,
                successes: sql`app.node_probe_day.successes + excluded.successes`,
                updated_at: sql`now()`,
              }),
            )
            .execute();
          await recordChecks(
            trx,
            nodes.map((node, i) => ({ nodeId: node.id, checkedAt: now, answered: answers[i]! })),
          );
        }
        await recordNodeHealthAlerts(trx, await healthCrossings(trx, nodes, now), now);
        await pruneChecks(trx, now);
        await sql`
          INSERT INTO app.node_reputation (node_id, day, value)
          SELECT node_id, day, successes::float8 / probes FROM app.node_probe_day WHERE day = ${day}::date
          ON CONFLICT (node_id, day) DO UPDATE SET value = excluded.value`.execute(trx);
        await markInactiveDays(trx, { from: windowStart(now, CATCH_UP_DAYS + 1), before: day, today: day });
      });
      return { probed: nodes.length, answered: answers.filter(Boolean).length };
    } finally {
      await sql`SELECT pg_advisory_unlock_shared(${ADVISORY_LOCK.incentiveAccrual})`.execute(connection);
    }
  });
}

/** The node monitor's scheduled job (its pg-boss queue): the metrics read its last round from it. */
export const NODE_MONITOR_JOB = "node-monitor";

/** The node monitor as a scheduled job: one round every NODE_PROBE_INTERVAL_MINUTES, at the clock's time. */
export function nodeMonitorJob(
  db: Db,
  config: {
    NODE_PROBE_PORT: number;
    NODE_PROBE_PATH: string;
    NODE_PROBE_TIMEOUT_MS: number;
    NODE_PROBE_INTERVAL_MINUTES: number;
  },
  log: Log,
  /** Run after each round: delivers the webhook alerts the round recorded, so a node down is told within the round. */
  afterRound: () => Promise<unknown> = async () => undefined,
  clock: () => Date = () => new Date(),
): ScheduledJob {
  const settings: ProbeSettings = {
    port: config.NODE_PROBE_PORT,
    path: config.NODE_PROBE_PATH,
    timeoutMs: config.NODE_PROBE_TIMEOUT_MS,
  };
  return {
    name: NODE_MONITOR_JOB,
    cron: cronEveryMinutes(config.NODE_PROBE_INTERVAL_MINUTES)!,
    expireInSeconds: Math.max(60, config.NODE_PROBE_INTERVAL_MINUTES * 60),
    async run() {
      const { probed, answered } = await runProbeRound(db, settings, clock());
      log.info({ job: NODE_MONITOR_JOB, probed, answered }, "node monitor round");
      await afterRound();
    },
  };
}
