import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { STAKE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import {
  accrualDateOf,
  accruedMonthOf,
  accrueMonth,
  dateKeyOf,
  dateOfKey,
  DAY_MS,
  monthOf,
  monthText,
  type PositionEvent,
  type RateChange,
} from "../incentive/schema.ts";
import { paymentDueOf, realisedYield, runningMonth, stakeTime } from "./rules.ts";
import { probeDayInactive } from "../node-monitor/index.ts";
import { EARNINGS_LIMITS, type Earnings, type EarningsFigures } from "./schema.ts";

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const earnedMonthOf = (date: string) => monthText(accruedMonthOf(date));
/** A chart month (YYYY-MM) as the calendar's month. */
const monthOfText = (month: string) => monthOf(new Date(`${month}-01T00:00:00Z`));

/** The months the chart shows, the running one last. */
const chartMonths = (now: Date) =>
  Array.from({ length: EARNINGS_LIMITS.months }, (_, i) =>
    isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (EARNINGS_LIMITS.months - 1 - i), 1))).slice(
      0,
      7,
    ),
  );

/** What the chain and the accrual hold for one wallet (one node of it with `node`). */
async function factsOf(db: Db, operatorId: string, wallet: string, node: string | undefined, now: Date) {
  let positions = db
    .selectFrom("chain.stake_position")
    .select(["node", "status", "total_staked", "unlocked_at"])
    .where("wallet", "=", wallet);
  let events = db
    .selectFrom("chain.stake_event")
    .select(["node", "kind", "total_after", "block_time"])
    .where("wallet", "=", wallet)
    .orderBy("block_number")
    .orderBy("log_index");
  let payments = db
    .selectFrom("chain.reward_payment")
    .select(["node", sql<string>`date_key::text`.as("date_key"), "amount", "tx_hash", "block_time"])
    .where("wallet", "=", wallet)
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc");
  let incentives = db
    .selectFrom("app.incentive")
    .select(["node", sql<string>`date::text`.as("date"), "token", sql<string>`date_key::text`.as("date_key")])
    .where("wallet", "=", wallet)
    .orderBy("date");
  if (node) {
    positions = positions.where("node", "=", node);
    events = events.where("node", "=", node);
    payments = payments.where("node", "=", node);
    incentives = incentives.where("node", "=", node);
  }
  const chartStart = `${chartMonths(now)[0]!}-01`;
  const walletNodes = db.selectFrom("chain.stake_event").select("node").distinct().where("wallet", "=", wallet);
  // The days marked inactive, and the finished days the monitor's counts make inactive that are not marked yet (the
  // accrual marks a month's days before it accrues the month: a month it has not reached loses them too).
  let marked = db
    .selectFrom("app.node_inactive_date as d")
    .innerJoin("app.node as n", "n.id", "d.node_id")
    .select(["n.node_address", sql<string>`d.day::text`.as("day")])
    .where("d.day", ">=", chartStart)
    .where("n.node_address", "in", walletNodes);
  let judged = db
    .selectFrom("app.node_probe_day as p")
    .innerJoin("app.node as n", "n.id", "p.node_id")
    .select(["n.node_address", sql<string>`p.day::text`.as("day")])
    .where("p.day", ">=", chartStart)
    .where("p.day", "<", isoDay(now))
    .where(probeDayInactive("p"))
    .where("n.node_address", "in", walletNodes);
  if (node) {
    marked = marked.where("n.node_address", "=", node);
    judged = judged.where("n.node_address", "=", node);
  }
  const [positionRows, eventRows, paymentRows, incentiveRows, nameRows, inactiveRows, rateRows, accrualRows] =
    await Promise.all([
      positions.execute(),
      events.execute(),
      payments.execute(),
      incentives.execute(),
      db.selectFrom("app.node").select(["node_address", "name"]).where("operator_id", "=", operatorId).execute(),
      marked.union(judged).execute(),
      db.selectFrom("app.incentive_rate").select(["percentage", "effective_from"]).execute(),
      db
        .selectFrom("app.incentive_accrual_month")
        .select(sql<string>`to_char(month, 'YYYY-MM')`.as("month"))
        .where("month", ">=", chartStart)
        .execute(),
    ]);
  const accruedMonths = new Set(accrualRows.map((row) => row.month));
  return { positionRows, eventRows, paymentRows, incentiveRows, nameRows, inactiveRows, rateRows, accruedMonths };
}

type Facts = Awaited<ReturnType<typeof factsOf>>;

/**
 * What the accrual will write for a finished month of one position, its inactive days taken off: 0 for a month without
 * a staked day, which gets no row.
 */
function expectedOf(
  month: string,
  events: readonly PositionEvent[],
  inactiveDays: ReadonlySet<string>,
  rates: readonly RateChange[],
): bigint {
  if (rates.length === 0) return 0n;
  return accrueMonth({ month: monthOfText(month), events, inactiveDays, rates })?.token ?? 0n;
}

/** One node's figures, amounts as bigint until the answer is written. */
function figuresOf(facts: Facts, node: string, now: Date) {
  const yearAgo = new Date(now.getTime() - EARNINGS_LIMITS.yieldDays * DAY_MS);
  const events: PositionEvent[] = facts.eventRows
    .filter((row) => row.node === node)
    .map((row) => ({ kind: row.kind, totalAfter: BigInt(row.total_after), at: new Date(row.block_time) }));
  const inactiveDays = new Set(facts.inactiveRows.filter((row) => row.node_address === node).map((row) => row.day));
  const rates = facts.rateRows.map((row) => ({ from: new Date(row.effective_from), percentage: row.percentage }));
  const running = runningMonth({ now, events, inactiveDays, rates });
  const payments = facts.paymentRows.filter((row) => row.node === node);
  const paidKeys = new Set(payments.map((row) => row.date_key));
  const incentives = facts.incentiveRows.filter((row) => row.node === node);
  const position = facts.positionRows.find((row) => row.node === node);
  const holding = position && (position.status === STAKE_STATUS.stake || position.status === STAKE_STATUS.unlock);
  const months = chartMonths(now).map((month) => {
    const paid = payments
      .filter((row) => earnedMonthOf(dateOfKey(row.date_key)) === month)
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    if (month === running.month)
      return { month, earned: running.expected, expected: running.expected, paid, running: true };
    const rows = incentives.filter((row) => earnedMonthOf(row.date) === month);
    if (rows.length > 0 || facts.accruedMonths.has(month)) {
      const earned = rows.reduce((sum, row) => sum + BigInt(row.token), 0n);
      return { month, earned, expected: 0n, paid, running: false };
    }
    // A month over that the hourly accrual has not reached yet: what the accrual rule gives it.
    const expected = expectedOf(month, events, inactiveDays, rates);
    return { month, earned: expected, expected, paid, running: false };
  });
  // A month not accrued yet is paid on its row's date plus 30 days, unless the chain paid it already.
  const pendingDues = months
    .map((m) => ({ ...m, date: accrualDateOf(monthOfText(m.month)) }))
    .filter((m) => !m.running && m.expected > 0n && !paidKeys.has(String(dateKeyOf(m.date))))
    .map((m) => paymentDueOf(m.date));
  // A row of 0 (a month of inactive days only) is never paid (the contract refuses 0): it is not awaiting payment.
  const accrued = incentives
    .filter((row) => !paidKeys.has(row.date_key) && BigInt(row.token) > 0n)
    .map((row) => ({
      node,
      month: earnedMonthOf(row.date),
      date: row.date,
      token: BigInt(row.token),
      paymentDue: paymentDueOf(row.date),
    }));
  return {
    stake: holding ? BigInt(position.total_staked) : 0n,
    status: (position?.status ?? null) as StakeStatus | null,
    unlockedAt:
      position?.status === STAKE_STATUS.unlock && position.unlocked_at
        ? new Date(position.unlocked_at).toISOString()
        : null,
    months,
    running,
    pendingDues,
    payments: payments.map((row) => ({
      node,
      month: earnedMonthOf(dateOfKey(row.date_key)),
      amount: BigInt(row.amount),
      paidAt: new Date(row.block_time).toISOString(),
      txHash: row.tx_hash,
    })),
    accrued,
    paidLastYear: payments
      .filter((row) => new Date(row.block_time).getTime() >= yearAgo.getTime())
      .reduce((sum, row) => sum + BigInt(row.amount), 0n),
    stakeTime: stakeTime(events, yearAgo, now),
  };
}

type Figures = ReturnType<typeof figuresOf>;

/** The figures of all nodes together. */
function totalOf(all: Figures[], now: Date): Omit<Figures, "status" | "unlockedAt"> {
  const running = runningMonth({ now, events: [], inactiveDays: new Set(), rates: [] });
  return {
    stake: all.reduce((sum, f) => sum + f.stake, 0n),
    months: chartMonths(now).map((month, i) => ({
      month,
      earned: all.reduce((sum, f) => sum + f.months[i]!.earned, 0n),
      paid: all.reduce((sum, f) => sum + f.months[i]!.paid, 0n),
      running: month === running.month,
      expected: all.reduce((sum, f) => sum + f.months[i]!.expected, 0n),
    })),
    pendingDues: all.flatMap((f) => f.pendingDues),
    running: {
      ...running,
      expected: all.reduce((sum, f) => sum + f.running.expected, 0n),
      deducted: all.reduce((sum, f) => sum + f.running.deducted, 0n),
      inactiveDays: all.reduce((sum, f) => sum + f.running.inactiveDays, 0),
    },
    payments: all.flatMap((f) => f.payments).sort((a, b) => b.paidAt.localeCompare(a.paidAt)),
    accrued: all.flatMap((f) => f.accrued).sort((a, b) => a.date.localeCompare(b.date)),
    paidLastYear: all.reduce((sum, f) => sum + f.paidLastYear, 0n),
    stakeTime: all.reduce((sum, f) => sum + f.stakeTime, 0n),
  };
}

/** The answer's form of one set of figures: wei as decimal text, the payments cut to the list's length. */
function written(figures: Omit<Figures, "status" | "unlockedAt">): EarningsFigures {
  const accruedTotal = figures.accrued.reduce((sum, row) => sum + row.token, 0n);
  const dues = [
    ...figures.accrued.map((row) => row.paymentDue),
    ...figures.pendingDues,
    ...(figures.running.expected > 0n ? [figures.running.paymentDue] : []),
  ].sort();
  return {
    stake: figures.stake.toString(),
    months: figures.months.map((m) => ({
      ...m,
      earned: m.earned.toString(),
      expected: m.expected.toString(),
      paid: m.paid.toString(),
    })),
    running: {
      ...figures.running,
      expected: figures.running.expected.toString(),
      deducted: figures.running.deducted.toString(),
    },
    payments: figures.payments
      .slice(0, EARNINGS_LIMITS.payments)
      .map((row) => ({ ...row, amount: row.amount.toString() })),
    accrued: figures.accrued.map((row) => ({ ...row, token: row.token.toString() })),
    accruedTotal: accruedTotal.toString(),
    nextPayment: dues[0] ?? null,
    paidLastYear: figures.paidLastYear.toString(),
    stakeDays: (figures.stakeTime / BigInt(DAY_MS)).toString(),
    realisedYield: realisedYield(figures.paidLastYear, figures.stakeTime, EARNINGS_LIMITS.yieldDays),
  };
}

/**
 * The operator's earnings per node and in total: null when `node` is given and the wallet has no stake, incentive or
 * payment on it (nor a portal node there).
 */
export async function earningsOf(
  db: Db,
  { operatorId, wallet, node }: { operatorId: string; wallet: string; node?: string },
  now: Date,
): Promise<Earnings | null> {
  const facts = await factsOf(db, operatorId, wallet, node, now);
  const nodes = [
    ...new Set([
      ...facts.positionRows.map((row) => row.node),
      ...facts.incentiveRows.map((row) => row.node),
      ...facts.paymentRows.map((row) => row.node),
    ]),
  ].sort();
  if (node && nodes.length === 0 && !facts.nameRows.some((row) => row.node_address === node)) return null;
  if (node && nodes.length === 0) nodes.push(node);
  const perNode = nodes.map((address) => ({ address, figures: figuresOf(facts, address, now) }));
  return {
    asOf: now.toISOString(),
    total: written(
      totalOf(
        perNode.map((n) => n.figures),
        now,
      ),
    ),
    nodes: perNode.map(({ address, figures }) => ({
      ...written(figures),
      nodeAddress: address,
      name: facts.nameRows.find((row) => row.node_address === address)?.name ?? null,
      status: figures.status,
      unlockedAt: figures.unlockedAt,
    })),
  };
}
