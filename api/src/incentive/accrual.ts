import { sql } from "kysely";
import type { PublicClient } from "viem";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { applyPaymentsToDate } from "./payments.ts";
import { accrueMonth, type PositionEvent, type RateChange } from "./accrual-rules.ts";
import {
  accrualDateOf,
  compareMonths,
  lastFinishedMonth,
  monthOf,
  monthStart,
  monthText,
  nextMonth,
  type Month,
} from "./calendar.ts";
import type { Log } from "../shared/logger.ts";
import { ADVISORY_LOCK } from "../shared/advisory-locks.ts";
import { markInactiveDays } from "../node-monitor/index.ts";

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Positions accrued per transaction: each batch's rows are committed as it is done, so a run stopped half-way (a
 * restart, a lost connection) keeps them and the next run adds only the rest.
 */
export const POSITIONS_PER_COMMIT = 10_000;

/** The lock every instance takes for the accrual, held by the connection of a run for all of its batches. */
const ACCRUAL_LOCK = ADVISORY_LOCK.incentiveAccrual;

export interface AccrualDeps {
  db: Db;
  /** The chain, to tell an indexer at the chain's head (nothing left to index) from one behind. */
  chain?: Pick<PublicClient, "getBlockNumber">;
  log?: Log;
  /** The time now (the machine's clock by default): a month is taken as indexed at the chain's head only once over. */
  now?: () => Date;
}

export interface AccrualResult {
  accrued: { month: string; positions: number; inserted: number }[];
  /** Why months that are due were left for a later run (the indexer is behind), or null. */
  waiting: string | null;
}

/** The time of the latest block the indexer has indexed (the lowest over its chains), from Ponder's checkpoint. */
async function indexedTime(db: Db): Promise<Date | null> {
  try {
    const { rows } = await sql<{
      seconds: string | null;
    }>`SELECT min(substring(latest_checkpoint FROM 1 FOR 10))::text AS seconds FROM chain._ponder_checkpoint`.execute(
      db,
    );
    return rows[0]?.seconds ? new Date(Number(rows[0].seconds) * 1000) : null;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null;
    throw error;
  }
}

/**
 * Whether every stake event before `end` is indexed: the indexer has passed `end`, or `end` is past (on this machine's
 * clock) and the indexer is at the chain's head (a chain with no block since). A month that has not ended is never
 * taken as indexed, whatever `until` a run is given: it would be accrued, and kept, before its last days happened.
 */
async function indexedUpTo(deps: AccrualDeps, end: Date): Promise<boolean> {
  const time = await indexedTime(deps.db);
  if (time === null) return false;
  if (time.getTime() >= end.getTime()) return true;
  if (!deps.chain || (deps.now?.() ?? new Date()).getTime() < end.getTime()) return false;
  const [head, indexed] = await Promise.all([deps.chain.getBlockNumber({ cacheTime: 0 }), getIndexedBlock(deps.db)]);
  return indexed !== null && BigInt(indexed) >= head;
}

/** The first month with a stake on the chain, or null when nobody has staked. */
async function firstStakeMonth(db: Db): Promise<Month | null> {
  const row = await db
    .selectFrom("chain.stake_event")
    .select((eb) => eb.fn.min("block_time").as("first"))
    .executeTakeFirst();
  return row?.first ? monthOf(new Date(row.first)) : null;
}

/** Every (wallet, node) position's stake events before `end`, oldest first. */
async function positionEvents(
  db: Db,
  end: Date,
): Promise<Map<string, { wallet: string; node: string; events: PositionEvent[] }>> {
  const rows = await db
    .selectFrom("chain.stake_event")
    .select(["wallet", "node", "kind", "total_after", "block_time"])
    .where("block_time", "<", end)
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
  const positions = new Map<string, { wallet: string; node: string; events: PositionEvent[] }>();
  for (const row of rows) {
    const key = `${row.wallet}-${row.node}`;
    let position = positions.get(key);
    if (!position) positions.set(key, (position = { wallet: row.wallet, node: row.node, events: [] }));
    position.events.push({ kind: row.kind, totalAfter: BigInt(row.total_after), at: row.block_time });
  }
  return positions;
}

/** The node monitor's inactive days in [start, end), per node address. */
async function inactiveDaysByNode(db: Db, start: Date, end: Date): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom("app.node_inactive_date as d")
    .innerJoin("app.node as n", "n.id", "d.node_id")
    .select(["n.node_address", sql<string>`d.day::text`.as("day")])
    .where("d.day", ">=", isoDay(start))
    .where("d.day", "<", isoDay(end))
    .execute();
  const byNode = new Map<string, Set<string>>();
  for (const row of rows) byNode.set(row.node_address, (byNode.get(row.node_address) ?? new Set()).add(row.day));
  return byNode;
}

async function rateChanges(db: Db): Promise<RateChange[]> {
  const rows = await db.selectFrom("app.incentive_rate").select(["percentage", "effective_from"]).execute();
  if (rows.length === 0) throw new Error("No incentive percentage recorded: the site settings are missing");
  return rows.map((row) => ({ from: new Date(row.effective_from), percentage: row.percentage }));
}

/** An accrued row's columns, as insertNew sends them. */
interface AccrualRow {
  wallet: string;
  node: string;
  date: string;
  token: string;
  inactive_count: number;
  staked_days: number;
  accrued_days: number;
  percentage: string;
}

/** Inserts `rows` unless their (wallet, node, date) exists: one statement of arrays, whatever the number of rows. */
async function insertNew(db: Db, rows: AccrualRow[]) {
  const column = <K extends keyof AccrualRow>(key: K) => rows.map((row) => row[key]);
  await sql`
    INSERT INTO app.incentive (wallet, node, date, token, inactive_count, staked_days, accrued_days, percentage)
    SELECT * FROM unnest(${column("wallet")}::text[], ${column("node")}::text[], ${column("date")}::date[],
      ${column("token")}::numeric[], ${column("inactive_count")}::int[], ${column("staked_days")}::int[],
      ${column("accrued_days")}::int[], ${column("percentage")}::numeric[])
    ON CONFLICT (wallet, node, date) DO NOTHING
  `.execute(db);
}

/**
 * Accrues one month under a lock shared by every instance, held for the whole run by its connection: first the month's
 * days are judged from the node monitor's counts (markInactiveDays, as a monitor round after the month would judge its
 * last days: a month is accrued once, and a day marked inactive after it would never be deducted), then each position's
 * row by the accrual rule, inserted unless (wallet, node, date) exists, committed POSITIONS_PER_COMMIT positions at a
 * time; then any payment the chain already has for that date applied, and the month recorded as done with its rows.
 * A run stopped before the month is recorded leaves its committed rows, and the next run (the month not being done)
 * inserts only the missing ones: one row per position, however often it was stopped.
 */
async function accrueOne(db: Db, month: Month, today: string): Promise<{ positions: number; inserted: number } | null> {
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const date = accrualDateOf(month);
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${ACCRUAL_LOCK})`.execute(connection);
    try {
      const done = await connection
        .selectFrom("app.incentive_accrual_month")
        .select("month")
        .where("month", "=", isoDay(start))
        .executeTakeFirst();
      if (done) return null;
      await connection
        .transaction()
        .execute((trx) => markInactiveDays(trx, { from: isoDay(start), before: isoDay(end), today }));
      const [positions, inactive, rates] = await Promise.all([
        positionEvents(connection, end),
        inactiveDaysByNode(connection, start, end),
        rateChanges(connection),
      ]);
      const all = [...positions.values()];
      for (let i = 0; i < all.length; i += POSITIONS_PER_COMMIT) {
        const rows: AccrualRow[] = [];
        for (const { wallet, node, events } of all.slice(i, i + POSITIONS_PER_COMMIT)) {
          const accrual = accrueMonth({ month, events, inactiveDays: inactive.get(node) ?? new Set(), rates });
          if (!accrual) continue;
          rows.push({
            wallet,
            node,
            date,
            token: accrual.token.toString(),
            inactive_count: accrual.inactiveCount,
            staked_days: accrual.stakedDays,
            accrued_days: accrual.accruedDays,
            percentage: accrual.percentage,
          });
        }
        if (rows.length) await insertNew(connection, rows);
      }
      return await connection.transaction().execute(async (trx) => {
        await applyPaymentsToDate(trx, date);
        const { count } = await trx
          .selectFrom("app.incentive")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("date", "=", date)
          .executeTakeFirstOrThrow();
        const inserted = Number(count);
        await trx
          .insertInto("app.incentive_accrual_month")
          .values({ month: isoDay(start), positions: positions.size, inserted })
          .execute();
        return { positions: positions.size, inserted };
      });
    } finally {
      await sql`SELECT pg_advisory_unlock(${ACCRUAL_LOCK})`.execute(connection);
    }
  });
}

/**
 * Accrues every month that is due at `until` and not accrued yet, oldest first, from the first month
 * anybody staked: a run after downtime catches up every missed month; running again adds nothing. A
 * month waits while the indexer has not indexed its end (a later run picks it up).
 */
export async function accrueIncentives(deps: AccrualDeps, until: Date): Promise<AccrualResult> {
  const result: AccrualResult = { accrued: [], waiting: null };
  const first = await firstStakeMonth(deps.db);
  if (!first) return result;
  const last = lastFinishedMonth(until);
  const done = new Set(
    (
      await deps.db
        .selectFrom("app.incentive_accrual_month")
        .select(sql<string>`month::text`.as("month"))
        .execute()
    ).map((row) => row.month),
  );
  for (let month = first; compareMonths(month, last) <= 0; month = nextMonth(month)) {
    if (done.has(isoDay(monthStart(month)))) continue;
    if (!(await indexedUpTo(deps, monthStart(nextMonth(month))))) {
      result.waiting = `the indexer has not indexed the chain up to the end of ${monthText(month)} yet`;
      break;
    }
    const accrued = await accrueOne(deps.db, month, isoDay(deps.now?.() ?? new Date()));
    if (accrued) {
      result.accrued.push({ month: monthText(month), ...accrued });
      deps.log?.info(
        { job: "incentive-accrual", month: monthText(month), rows: accrued.inserted, positions: accrued.positions },
        "incentives accrued",
      );
    }
  }
  return result;
}

/** The accrual as a scheduled job: every hour (a month becomes due at 00:00 UTC on the 1st; the indexer may lag). */
export function incentiveAccrualJob(deps: AccrualDeps, clock: () => Date = () => new Date()): ScheduledJob {
  return {
    name: "incentive-accrual",
    cron: "7 * * * *",
    expireInSeconds: 15 * 60,
    async run() {
      const now = clock();
      const { waiting } = await accrueIncentives({ ...deps, now: () => now }, now);
      if (waiting) deps.log?.info({ job: "incentive-accrual", waiting }, "incentives waiting");
    },
  };
}
