import { sql } from "kysely";
import { JOB_STATUS, NODE_STATUS, STAKE_REQUEST_STATUS, TICKET_STATUS } from "../public-contract/domain.ts";
import { STAKE_REQUESTABLE_NODE_STATUSES } from "../stake-request/schema.ts";
import type { Db } from "../db/database.ts";
import { stakedSum } from "../stake/index.ts";
import { dueCondition } from "../incentive/index.ts";
import { dueCutoff, INCENTIVE_STATUSES } from "../incentive/schema.ts";
import { DASHBOARD_LIMITS, type NeedsAction } from "./schema.ts";

/** Whose figures: one operator's wallet, or (undefined) everybody's. */
export type Scope = string | undefined;

const monthText = (at: Date) => at.toISOString().slice(0, 7);
const count = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

const monthStartOf = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));

/**
 * The last chart month: the current UTC month, unless the latest month with data lies outside the twelve months up to
 * it (a chain or clock ahead of the server, or records that stopped long ago): then that month, so the charts show the
 * records there are rather than twelve empty months.
 */
export function chartEnd(now: Date, latest: Date | undefined): Date {
  const current = monthStartOf(now);
  if (!latest) return current;
  const last = monthStartOf(latest);
  const first = monthStartOf(now, -(DASHBOARD_LIMITS.chartMonths - 1));
  return last > current || last < first ? last : current;
}

/** The chart months up to `end`, oldest first, as their first instants. */
function chartMonths(end: Date): Date[] {
  return Array.from({ length: DASHBOARD_LIMITS.chartMonths }, (_, i) =>
    monthStartOf(end, -(DASHBOARD_LIMITS.chartMonths - 1 - i)),
  );
}

/** The latest month any chart has data for: incentives by the month they were earned, chain events by block time. */
async function latestDataMonth(db: Db, wallet: Scope): Promise<Date | undefined> {
  let incentives = db
    .selectFrom("app.incentive")
    .select(sql<Date | null>`(max(date) - interval '1 month') AT TIME ZONE 'UTC'`.as("last"));
  let payouts = db.selectFrom("chain.reward_payment").select((eb) => eb.fn.max("block_time").as("last"));
  let events = db.selectFrom("chain.stake_event").select((eb) => eb.fn.max("block_time").as("last"));
  if (wallet) {
    incentives = incentives.where("wallet", "=", wallet);
    payouts = payouts.where("wallet", "=", wallet);
    events = events.where("wallet", "=", wallet);
  }
  const rows = await Promise.all([incentives, payouts, events].map((query) => query.executeTakeFirst()));
  const times = rows.flatMap((row) => (row?.last ? [new Date(row.last).getTime()] : []));
  return times.length ? new Date(Math.max(...times)) : undefined;
}

/** The stake in Stake or Unlock and the latest stake or top-up. */
export async function stakeOverview(db: Db, wallet: Scope) {
  let positions = stakedSum(db);
  let last = db
    .selectFrom("chain.stake_event")
    .select((eb) => eb.fn.max("block_time").as("last"))
    .where("kind", "in", ["stake", "topup"]);
  let events = db.selectFrom("chain.stake_event").select((eb) => eb.fn.countAll<string>().as("n"));
  if (wallet) {
    positions = positions.where("wallet", "=", wallet);
    last = last.where("wallet", "=", wallet);
    events = events.where("wallet", "=", wallet);
  }
  const [total, latest, tnx] = await Promise.all([
    positions.executeTakeFirstOrThrow(),
    last.executeTakeFirst(),
    events.executeTakeFirstOrThrow(),
  ]);
  return {
    tillStake: total.total,
    lastStakedDate: latest?.last ? new Date(latest.last).toISOString() : null,
    tnxCount: count(tnx.n),
  };
}

export async function recentTransactions(db: Db, wallet: Scope) {
  let query = db
    .selectFrom("chain.stake_event")
    .select(["id", "wallet", "node", "kind", "amount", "tx_hash", "block_time"])
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(DASHBOARD_LIMITS.recent);
  if (wallet) query = query.where("wallet", "=", wallet);
  return (await query.execute()).map((row) => ({
    _id: row.id,
    user: { walletAddress: row.wallet },
    nodeAddress: row.node,
    kind: row.kind,
    totalStake: row.amount,
    tnxHash: row.tx_hash,
    date: row.block_time.toISOString(),
  }));
}

/** The latest incentives, each with its token: for a Paid row what the chain paid, as the sums per status count it. */
export async function recentIncentives(db: Db, wallet: Scope) {
  let query = db
    .selectFrom("app.incentive")
    .select([
      "id",
      "wallet",
      "node",
      sql<string>`date::text`.as("date"),
      "status",
      sql<string>`coalesce(paid_amount, token)::text`.as("token"),
    ])
    .orderBy("date", "desc")
    .orderBy("id")
    .limit(DASHBOARD_LIMITS.recent);
  if (wallet) query = query.where("wallet", "=", wallet);
  return (await query.execute()).map((row) => ({
    _id: row.id,
    user: { walletAddress: row.wallet },
    nodeAddress: row.node,
    date: row.date,
    status: row.status,
    token: row.token,
  }));
}

/**
 * Every incentive summed per status (a Paid row by what the chain paid, an UnPaid one by its token): the kept counts for
 * everybody, the wallet's rows for an operator.
 */
export async function incentivesPerStatus(db: Db, wallet: Scope) {
  const rows = wallet
    ? await db
        .selectFrom("app.incentive")
        .select([
          "status",
          sql<string>`count(*)::text`.as("count"),
          sql<string>`coalesce(sum(coalesce(paid_amount, token)), 0)::text`.as("token"),
        ])
        .where("wallet", "=", wallet)
        .groupBy("status")
        .execute()
    : await db
        .selectFrom("app.incentive_status_count")
        .select(["status", sql<string>`count::text`.as("count"), "token"])
        .execute();
  return INCENTIVE_STATUSES.map((status) => {
    const row = rows.find((r) => r.status === status);
    return { status, count: count(row?.count), token: row?.token ?? "0" };
  });
}

/** The stake held at each chart month's end: every stake and top-up added, every withdrawal taken off. */
async function stakeChart(db: Db, wallet: Scope, months: Date[]) {
  const scope = wallet ? sql`WHERE wallet = ${wallet}` : sql``;
  const { rows } = await sql<{ month: string; total: string }>`
    WITH deltas AS (
      SELECT date_trunc('month', block_time AT TIME ZONE 'UTC') AS month,
             sum(CASE kind WHEN 'stake' THEN amount WHEN 'topup' THEN amount WHEN 'unstake' THEN -amount ELSE 0 END) AS delta
      FROM chain.stake_event ${scope} GROUP BY 1
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month, (SELECT coalesce(sum(delta), 0) FROM deltas WHERE deltas.month <= m.month)::text AS total
    FROM unnest(${months.map((at) => at.toISOString().slice(0, 10))}::date[]) AS m(month) ORDER BY m.month
  `.execute(db);
  return rows;
}

/**
 * Incentives by the month they were earned (a row is dated the 1st of the month after), accrued and paid; payouts by
 * the month the chain paid them.
 */
async function incentiveCharts(db: Db, wallet: Scope, months: Date[]) {
  const earned = sql<string>`to_char(date - interval '1 month', 'YYYY-MM')`;
  const from = monthStartOf(months[0]!, 1).toISOString().slice(0, 10);
  let incentives = db
    .selectFrom("app.incentive")
    .select([
      earned.as("month"),
      sql<string>`sum(token)::text`.as("accrued"),
      sql<string>`coalesce(sum(paid_amount), 0)::text`.as("paid"),
    ])
    .where("date", ">=", from)
    .groupBy(earned);
  let payouts = db
    .selectFrom("chain.reward_payment")
    .select([
      sql<string>`to_char(block_time AT TIME ZONE 'UTC', 'YYYY-MM')`.as("month"),
      sql<string>`sum(amount)::text`.as("amount"),
    ])
    .where("block_time", ">=", months[0]!)
    .groupBy(sql`to_char(block_time AT TIME ZONE 'UTC', 'YYYY-MM')`);
  if (wallet) {
    incentives = incentives.where("wallet", "=", wallet);
    payouts = payouts.where("wallet", "=", wallet);
  }
  const [accrued, paid] = await Promise.all([incentives.execute(), payouts.execute()]);
  return {
    incentives: months.map((at) => {
      const row = accrued.find((r) => r.month === monthText(at));
      return { month: monthText(at), accrued: row?.accrued ?? "0", paid: row?.paid ?? "0" };
    }),
    payouts: months.map((at) => ({
      month: monthText(at),
      amount: paid.find((r) => r.month === monthText(at))?.amount ?? "0",
    })),
  };
}

export async function dashboardCharts(db: Db, wallet: Scope, now: Date) {
  const months = chartMonths(chartEnd(now, await latestDataMonth(db, wallet)));
  const [stake, incentives] = await Promise.all([stakeChart(db, wallet, months), incentiveCharts(db, wallet, months)]);
  return { stake, ...incentives };
}

/** The admin's counts: requests, operators and nodes (totals from the kept node counts). */
export async function adminCounts(db: Db) {
  const [requests, operators, nodes] = await Promise.all([
    db
      .selectFrom("app.stake_request")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("app.operator")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    db.selectFrom("app.node_status_count").select(["status", "count"]).execute(),
  ]);
  const ofStatus = (status: string) => count(nodes.find((row) => row.status === status)?.count);
  return {
    requestCount: count(requests.n),
    userCount: count(operators.n),
    totalNodeCount: nodes.reduce((sum, row) => sum + count(row.count), 0),
    activeNodeCount: ofStatus(NODE_STATUS.active),
    inactiveNodeCount: ofStatus(NODE_STATUS.deActive),
  };
}

export const incentiveCount = (perStatus: { count: number }[]) => perStatus.reduce((sum, row) => sum + row.count, 0);

/**
 * How far the operator is on the way to a first stake, from their own records: a node added, a node approved (one a
 * stake may be requested for), a stake request open, one approved, and a stake on the chain.
 */
export async function firstSteps(db: Db, operatorId: string, wallet: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("app.node").select("id").where("operator_id", "=", operatorId)).as("nodeAdded"),
      eb
        .exists(
          eb
            .selectFrom("app.node")
            .select("id")
            .where("operator_id", "=", operatorId)
            .where("status", "in", STAKE_REQUESTABLE_NODE_STATUSES),
        )
        .as("nodeApproved"),
      eb
        .exists(
          eb
            .selectFrom("app.stake_request")
            .select("id")
            .where("operator_id", "=", operatorId)
            .where("status", "!=", STAKE_REQUEST_STATUS.rejected),
        )
        .as("stakeRequested"),
      eb
        .exists(
          eb
            .selectFrom("app.stake_request")
            .select("id")
            .where("operator_id", "=", operatorId)
            .where("status", "=", STAKE_REQUEST_STATUS.approved),
        )
        .as("requestApproved"),
      eb.exists(eb.selectFrom("chain.stake_event").select("id").where("wallet", "=", wallet)).as("staked"),
    ])
    .executeTakeFirstOrThrow();
  return {
    nodeAdded: Boolean(row.nodeAdded),
    nodeApproved: Boolean(row.nodeApproved),
    stakeRequested: Boolean(row.stakeRequested),
    requestApproved: Boolean(row.requestApproved),
    staked: Boolean(row.staked),
  };
}

/**
 * The admin's queue, counted in one statement. An incentive is due once its next payment date has come (see
 * dueCutoff), the admin list's `status=due`.
 */
export async function needsActionCounts(db: Db, now: Date): Promise<Omit<NeedsAction, "uncheckedActivity">> {
  const { rows } = await sql<Omit<NeedsAction, "uncheckedActivity">>`
    SELECT (SELECT count(*) FROM app.node WHERE status = ${NODE_STATUS.pending})::int AS "pendingNodes",
           (SELECT count(*) FROM app.job WHERE status = ${JOB_STATUS.pending})::int AS "pendingJobs",
           (SELECT count(*) FROM app.stake_request WHERE status = ${STAKE_REQUEST_STATUS.pending})::int AS "pendingStakeRequests",
           (SELECT count(*) FROM app.incentive
             WHERE ${dueCondition("app.incentive", dueCutoff(now))})::int AS "dueIncentives",
           (SELECT count(*) FROM app.ticket WHERE status = ${TICKET_STATUS.open})::int AS "ticketsAwaitingReply"
  `.execute(db);
  return rows[0]!;
}
