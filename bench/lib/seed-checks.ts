import pg from "pg";
import { withIndexesAfter } from "./indexes-after.ts";

/** The monitor's default probe interval (NODE_PROBE_INTERVAL_MINUTES): 96 checks a day. */
const CHECKS_PER_DAY = 96;
/** The days the monitor keeps (NODE_HEALTH.keepDays). */
const KEEP_DAYS = 30;
/** One monitored node in this many never answers: its last answer is looked for in the day counts and found in none. */
const NEVER_ANSWERS_ONE_IN = 50;

/**
 * Seeds the monitor's record of every monitored node (Approved, Active, De-Active) at the default 15-minute interval,
 * as a deployment that has run for 30 days holds it, except for the checks the node lists never read: the counts per
 * UTC day (app.node_check_day) of the 29 whole days before today that the monitor keeps, and the checks themselves
 * (app.node_check) of the 30-day window's first, partial day (after now() - 30 days) and of the last 24 hours, which
 * the lists read; the other days' checks, which a deployment also keeps, are left out to keep the seed's size (at
 * 200,000 nodes, 120,000 monitored: 3.5 million day counts and about 17 million checks). A node misses one check in 17; one in 50 never answers.
 * Run after seedNodes, on a migrated database. Answers how many checks and day counts it wrote.
 */
export async function seedChecks(databaseUrl: string): Promise<{ checks: number; checkDays: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await withIndexesAfter(client, ["app.node_check", "app.node_check_day"], async () => {
      const neverAnswers = `abs(hashtext(n.id::text)::int8) % ${NEVER_ANSWERS_ONE_IN} = 0`;
      const monitored = `n.status IN ('Approved', 'Active', 'De-Active')`;
      await client.query(
        `WITH times AS (
           SELECT t AS at, (extract(epoch FROM t) / 900)::int8 AS k
           FROM generate_series(date_trunc('hour', now()) - interval '31 days', date_trunc('hour', now()) + interval '1 hour',
                                interval '1 day' / $1::int) AS t
           WHERE t <= now() AND (t > now() - interval '24 hours' OR (t > now() - interval '30 days'
             AND t < (date_trunc('day', (now() - interval '30 days') AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC'))
         )
         INSERT INTO app.node_check (node_id, checked_at, answered)
         SELECT n.id, times.at, NOT ${neverAnswers} AND (times.k + hashtext(n.id::text)::int8) % 17 <> 0
         FROM app.node AS n CROSS JOIN times WHERE ${monitored}`,
        [CHECKS_PER_DAY],
      );
      await client.query(
        `INSERT INTO app.node_check_day (node_id, day, answered, checks)
         SELECT n.id, (now() AT TIME ZONE 'UTC')::date - k, CASE WHEN ${neverAnswers} THEN 0 ELSE $1::int - $1::int / 17 END, $1::int
         FROM app.node AS n CROSS JOIN generate_series(1, $2::int - 1) AS k WHERE ${monitored}`,
        [CHECKS_PER_DAY, KEEP_DAYS],
      );
    });
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE app.node_check, app.node_check_day");
    const count = async (table: string) =>
      Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    return { checks: await count("app.node_check"), checkDays: await count("app.node_check_day") };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
