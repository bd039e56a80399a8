import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { utcDay } from "./monitor.ts";

/** What the monitor knows of one node's answers, as a review shows it. */
export interface MonitorAnswers {
  /** Rounds that probed the node today (UTC), and how many of them it answered. */
  probesToday: number;
  answeredToday: number;
  /** The latest UTC day (YYYY-MM-DD) on which it answered at least once; null when it never did. */
  lastAnsweredDay: string | null;
}

/**
 * A node's answers to the monitor, read from the day counters `runProbeRound` keeps: the one place a review reads
 * them, so a finer record of each check can feed it later without touching the review.
 */
export async function monitorAnswers(db: Db, nodeId: string, now: Date): Promise<MonitorAnswers> {
  const today = utcDay(now);
  const { rows } = await sql<{ probes_today: number; answered_today: number; last_answered_day: string | null }>`
    SELECT coalesce(sum(probes) FILTER (WHERE day = ${today}::date), 0)::int AS probes_today,
           coalesce(sum(successes) FILTER (WHERE day = ${today}::date), 0)::int AS answered_today,
           to_char(max(day) FILTER (WHERE successes > 0), 'YYYY-MM-DD') AS last_answered_day
    FROM app.node_probe_day WHERE node_id = ${nodeId}`.execute(db);
  const row = rows[0]!;
  return {
    probesToday: Number(row.probes_today),
    answeredToday: Number(row.answered_today),
    lastAnsweredDay: row.last_answered_day,
  };
}
