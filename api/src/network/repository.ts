import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { chartEnd } from "../dashboard/index.ts";
import { rewardBalance } from "../incentive/index.ts";
import { utcDay } from "../node-monitor/index.ts";
import { scoreOfAverage, windowStart } from "../node/schema.ts";
import { NODE_STATUS, STAKE_STATUS } from "../public-contract/domain.ts";
import { NETWORK_LIMITS, type LeaderboardNode, type NetworkFigures } from "./schema.ts";

const monthStart = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

/** The stake in Stake or Unlock on the chain, every position's, wei. */
async function totalStaked(db: Db): Promise<string> {
  const row = await db
    .selectFrom("chain.stake_position")
    .select(sql<string>`coalesce(sum(total_staked), 0)::text`.as("total"))
    .where("status", "in", [STAKE_STATUS.stake, STAKE_STATUS.unlock])
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Nodes in status Active, from the kept counts per status. */
async function activeNodes(db: Db): Promise<number> {
  const row = await db
    .selectFrom("app.node_status_count")
    .select("count")
    .where("status", "=", NODE_STATUS.active)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * What the chain paid out in each of the chart months (reward payments by block time, UTC), ending at the current
 * month or, as the dashboards do, at the latest payout's month when that lies outside them.
 */
async function payoutsPerMonth(db: Db, now: Date): Promise<NetworkFigures["payouts"]> {
  const latest = await db
    .selectFrom("chain.reward_payment")
    .select((eb) => eb.fn.max("block_time").as("last"))
    .executeTakeFirst();
  const end = chartEnd(now, latest?.last ? new Date(latest.last) : undefined);
  const months = Array.from({ length: NETWORK_LIMITS.chartMonths }, (_, i) =>
    monthStart(end, -(NETWORK_LIMITS.chartMonths - 1 - i)),
  );
  const byMonth = sql<string>`to_char(block_time AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db
    .selectFrom("chain.reward_payment")
    .select([byMonth.as("month"), sql<string>`sum(amount)::text`.as("amount")])
    .where("block_time", ">=", months[0]!)
    .where("block_time", "<", monthStart(end, 1))
    .groupBy(byMonth)
    .execute();
  return months.map((at) => {
    const month = at.toISOString().slice(0, 7);
    return { month, amount: rows.find((row) => row.month === month)?.amount ?? "0" };
  });
}

/**
 * The Active nodes ranked by their 30-day reputation, then their uptime: the share of the monitor's checks they
 * answered over the last 30 whole UTC days, today included (the reputation's window), summed from the day counts
 * (app.node_check_day, at most 30 rows per node by its key). The reputations are one GROUP BY over the Active nodes'
 * rows of the window rather than a lookup per node; the uptime is read only for the nodes that can still make the
 * list, the first `leaderboard` by reputation and every node tied with the last of them, since uptime only orders
 * nodes of equal reputation. The node's name leaves the database only when its operator chose to show it; nothing else
 * of the operator is read.
 */
async function leaderboard(db: Db, now: Date): Promise<LeaderboardNode[]> {
  const since = windowStart(now);
  const { rows } = await sql<{
    name: string | null;
    node_address: string;
    reputation: number | null;
    uptime: number | null;
  }>`
    WITH reputation AS (
      SELECT r.node_id, avg(r.value)::float8 AS reputation
      FROM app.node AS n JOIN app.node_reputation AS r ON r.node_id = n.id AND r.day >= ${since}::date
      WHERE n.status = ${NODE_STATUS.active}
      GROUP BY r.node_id
    ), candidate AS (
      SELECT n.id, n.operator_id, n.name, n.node_address, r.reputation
      FROM app.node AS n LEFT JOIN reputation AS r ON r.node_id = n.id
      WHERE n.status = ${NODE_STATUS.active}
      ORDER BY r.reputation DESC NULLS LAST
      FETCH FIRST ${NETWORK_LIMITS.leaderboard} ROWS WITH TIES
    )
    SELECT CASE WHEN o.show_node_names THEN c.name END AS name, c.node_address, c.reputation, u.uptime
    FROM candidate AS c
    JOIN app.operator AS o ON o.id = c.operator_id
    CROSS JOIN LATERAL (
      SELECT sum(d.answered)::float8 / nullif(sum(d.checks), 0) AS uptime
      FROM app.node_check_day AS d WHERE d.node_id = c.id AND d.day >= ${since}::date AND d.day <= ${utcDay(now)}::date
    ) AS u
    ORDER BY c.reputation DESC NULLS LAST, u.uptime DESC NULLS LAST, c.node_address
    LIMIT ${NETWORK_LIMITS.leaderboard}
  `.execute(db);
  return rows.map((row, i) => ({
    rank: i + 1,
    name: row.name,
    nodeAddress: row.node_address,
    reputation: round(scoreOfAverage(row.reputation), 2),
    uptime: round(row.uptime, 4),
  }));
}

/** Every figure of the public network page, as of `now`. */
export async function networkFigures(db: Db, now: Date): Promise<NetworkFigures> {
  const [staked, active, pool, payouts, nodes] = await Promise.all([
    totalStaked(db),
    activeNodes(db),
    rewardBalance(db),
    payoutsPerMonth(db, now),
    leaderboard(db, now),
  ]);
  return { totalStaked: staked, activeNodes: active, rewardPool: pool, payouts, leaderboard: nodes };
}

/** Whether the operator's node names show on the public network page. */
export async function networkListingOf(db: Db, operatorId: string): Promise<{ showNodeNames: boolean }> {
  const row = await db
    .selectFrom("app.operator")
    .select("show_node_names")
    .where("id", "=", operatorId)
    .executeTakeFirstOrThrow();
  return { showNodeNames: row.show_node_names };
}

export async function saveNetworkListing(db: Db, operatorId: string, showNodeNames: boolean): Promise<void> {
  await db
    .updateTable("app.operator")
    .set({ show_node_names: showNodeNames, updated_at: sql`now()` })
    .where("id", "=", operatorId)
    .execute();
}
