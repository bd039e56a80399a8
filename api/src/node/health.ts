import { sql, type RawBuilder } from "kysely";
import { NODE_HEALTH, stoppedAnswering, type NodeStatus } from "./rules.ts";
import type { NodeHealth } from "./schema.ts";

/**
 * A node's checks in the window (at - NODE_HEALTH.keepDays, at] and in its last 24 hours, counted; timestamps as
 * Postgres writes them in JSON.
 */
export interface HealthCounts {
  answered24h: number;
  checks24h: number;
  answered30d: number;
  checks30d: number;
  missedToday: number;
  lastAnsweredAt: string | null;
  lastCheckedAt: string | null;
}

/** Node `n`'s answers to its latest checks up to `at` (ISO), newest first: what stoppedAnswering reads. */
export const latestAnswers = (at: string) =>
  sql<boolean[] | null>`(
    SELECT array_agg(l.answered ORDER BY l.checked_at DESC) FROM (
      SELECT c.answered, c.checked_at FROM app.node_check AS c
      WHERE c.node_id = n.id AND c.checked_at <= ${at}::timestamptz
      ORDER BY c.checked_at DESC LIMIT ${NODE_HEALTH.downAfterMisses}
    ) AS l
  )`;

/** The UTC midnight (timestamptz) starting the UTC day of the date expression `day`. */
const midnightOf = (day: RawBuilder<unknown>) => sql`(${day})::timestamp AT TIME ZONE 'UTC'`;

/**
 * The latest check of node `n` on the UTC day `day` (a date, or null for none), or its latest answered one: a backward
 * read of the key (node_id, checked_at) within that one day, stopping at the first match.
 */
const latestOnDay = (day: RawBuilder<unknown>, answeredOnly: boolean) => sql`(
  SELECT c.checked_at FROM app.node_check AS c
  WHERE c.node_id = n.id ${answeredOnly ? sql`AND c.answered` : sql``}
    AND c.checked_at >= ${midnightOf(day)} AND c.checked_at < ${midnightOf(sql`${day} + 1`)}
  ORDER BY c.checked_at DESC LIMIT 1
)`;

/**
 * Node `n`'s health counts at `at` (ISO), exactly those of its checks in (at - keepDays, at] and (at - 24 h, at], read
 * in three parts by their keys. The window's whole UTC days, from the day after the window's first day to yesterday,
 * come from their counts in app.node_check_day (at most keepDays rows); its two partial days come from the checks
 * themselves: the first day's part after the window's start (the monitor prunes that day's count once the day leaves
 * its last keepDays whole days, and the count held checks before the window anyway) and today's up to `at`, which lies
 * inside the last 24 hours, read once for both windows. So at most about two days of checks are read, whatever the
 * interval. The last answer and the last check are the newest of the last 24 hours', or else the newest on the latest
 * whole day whose count has one (one day read backwards by the key, stopping at the first), or else the first day's.
 * Whole days' counts equal their checks: the monitor writes both in one statement (recordChecks) and prunes neither
 * inside the window.
 */
export const healthCounts = (at: string) => {
  const end = sql`${at}::timestamptz`;
  const start = sql`(${end} - make_interval(days => ${NODE_HEALTH.keepDays}))`;
  const today = sql`(${end} AT TIME ZONE 'UTC')::date`;
  const firstWholeDay = sql`((${start} AT TIME ZONE 'UTC')::date + 1)`;
  return sql<HealthCounts>`(
    SELECT json_build_object(
      'answered24h', recent.answered,
      'checks24h', recent.checks,
      'answered30d', edge.answered + coalesce(days.answered, 0) + recent.answered_today,
      'checks30d', edge.checks + coalesce(days.checks, 0) + recent.checks_today,
      'missedToday', recent.checks_today - recent.answered_today,
      'lastAnsweredAt', coalesce(
        recent.last_answered, ${latestOnDay(sql`days.last_answered_day`, true)}, edge.last_answered
      ),
      'lastCheckedAt', coalesce(recent.last_checked, ${latestOnDay(sql`days.last_checked_day`, false)}, edge.last_checked)
    )
    FROM (
      SELECT
        count(*) FILTER (WHERE c.answered) AS answered,
        count(*) AS checks,
        count(*) FILTER (WHERE c.answered AND c.checked_at >= ${midnightOf(today)}) AS answered_today,
        count(*) FILTER (WHERE c.checked_at >= ${midnightOf(today)}) AS checks_today,
        max(c.checked_at) FILTER (WHERE c.answered) AS last_answered,
        max(c.checked_at) AS last_checked
      FROM app.node_check AS c
      WHERE c.node_id = n.id AND c.checked_at > ${end} - interval '24 hours' AND c.checked_at <= ${end}
    ) AS recent, (
      SELECT
        count(*) FILTER (WHERE c.answered) AS answered,
        count(*) AS checks,
        max(c.checked_at) FILTER (WHERE c.answered) AS last_answered,
        max(c.checked_at) AS last_checked
      FROM app.node_check AS c
      WHERE c.node_id = n.id AND c.checked_at > ${start} AND c.checked_at < ${midnightOf(firstWholeDay)}
    ) AS edge, (
      SELECT
        sum(d.answered) AS answered,
        sum(d.checks) AS checks,
        max(d.day) FILTER (WHERE d.answered > 0) AS last_answered_day,
        max(d.day) FILTER (WHERE d.checks > 0) AS last_checked_day
      FROM app.node_check_day AS d
      WHERE d.node_id = n.id AND d.day >= ${firstWholeDay} AND d.day < ${today}
    ) AS days
  )`;
};

const uptime = (answered: number, checks: number) => ({
  answered,
  checks,
  ratio: checks === 0 ? null : answered / checks,
});

const isoOrNull = (at: string | null) => (at === null ? null : new Date(at).toISOString());

/** The node's health as answered: uptime over 24 hours and 30 days, last answer, today's misses, stopped answering. */
export const toNodeHealth = (status: NodeStatus, health: HealthCounts, latest: boolean[] | null): NodeHealth => ({
  uptime24h: uptime(health.answered24h, health.checks24h),
  uptime30d: uptime(health.answered30d, health.checks30d),
  lastAnsweredAt: isoOrNull(health.lastAnsweredAt),
  lastCheckedAt: isoOrNull(health.lastCheckedAt),
  missedToday: health.missedToday,
  down: stoppedAnswering(status, latest ?? []),
});
