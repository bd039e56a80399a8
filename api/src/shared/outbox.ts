import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/database.ts";
import { coalesced } from "./coalesce.ts";
import type { Log } from "./logger.ts";

/**
 * The one engine for outgoing work: mail, webhooks, and whatever channel comes next. A feature records a row in its
 * outbox table in the transaction that makes the event (so an event never goes without its row, nor a row without its
 * event), and registers a channel: its table, its limits, and how one row is attempted. Everything else happens here,
 * the same for every channel:
 *
 * - Claim: one statement marks due rows claimed and counts the attempt, skipping rows another run holds (`FOR UPDATE
 *   SKIP LOCKED`), so however many runs and instances overlap, a row has one attempt in flight. A channel with
 *   `oneAtATimePer` (webhooks: per webhook) has one attempt in flight per group, in due order.
 * - Backoff: a failed attempt is released until its channel's next due time (a channel without a due column retries
 *   on the next run).
 * - Attempt limit: a row that failed `maxAttempts` times ends `failed`, its last error kept.
 * - Stale claims: a claim older than STALE_CLAIM_SECONDS belongs to a run that stopped mid-attempt (a restart, a
 *   crash). The row is claimed again, so outgoing work is at least once: after a crash it may go twice, each time
 *   with the same idempotency key (a mail's Message-ID and X-Idempotency-Key headers, a webhook's event id), never
 *   not at all. A stale claim already at its last attempt ends `failed`, as an attempt that failed.
 * - Metrics: every attempt's end counts in outboxAttemptCounts (pli_outbox_attempts_total, by channel and outcome).
 *
 * Why at least once for mail, rather than marking an interrupted mail failed and alerting: the mails are notices an
 * operator cannot ask for again (a review's outcome, a payout, a webhook turned off) and nobody would resend one by
 * hand, while a rare second copy after a crash carries the same Message-ID, which mail clients and servers use to
 * drop or thread duplicates.
 */
export const STALE_CLAIM_SECONDS = 10 * 60;

/** The outcome a row ends with when its attempts ran out; every outbox table has it among its outcomes. */
export const GAVE_UP = "failed";

/** An outbox table: every one has `attempts`, `claimed_at`, `done_at` and `outcome` columns besides these. */
export interface OutboxTable {
  name: string;
  /** The columns that identify a row. */
  key: readonly string[];
  /** The order rows are claimed in. */
  order: readonly string[];
  /** The column of a row's next due time, moved on by the backoff; without it a row is due at once. */
  due?: string;
  /** The column that keeps the last error of a row, if the table has one. */
  lastError?: string;
  /** One attempt in flight per value of this column at a time, in due order, the group locked through its parent. */
  oneAtATimePer?: { column: string; parent: string };
}

/** How an attempt ended: with an outcome (sent, delivered, or dropped and why), or failed, to be tried again. */
export type AttemptEnd =
  | { done: string; error?: string | null; after?: () => Promise<unknown> }
  | {
      failed: string;
      /** The failure may pass by itself (the server throttles): this run claims nothing more of the channel. */
      pause?: boolean;
      /** Runs once the failure is written: `gaveUp` when the row ended failed. */
      after?: (gaveUp: boolean) => Promise<unknown>;
    };

export interface OutboxChannel<Row> {
  /** The channel's name in logs and metrics. */
  name: string;
  table: OutboxTable;
  maxAttempts: number;
  /** Attempts of this channel one process keeps going at once. */
  parallel: number;
  /** Seconds a row waits after its `attempts`-th failure (needs `table.due`). */
  backoffSeconds?(attempts: number): number;
  /**
   * What an attempt needs of the rows just claimed (joined with other tables), read in the claim's transaction; the
   * claimed rows themselves when absent. Each keeps the claimed row's columns.
   */
  load?(tx: Db, claimed: ClaimedRow[]): Promise<(Row & ClaimedRow)[]>;
  attempt(row: Row & ClaimedRow, at: Date): Promise<AttemptEnd>;
}

/** A claimed row: its columns, `attempts` counting this one. */
export type ClaimedRow = Record<string, unknown> & { attempts: number };

/** Attempts ended since the process started, by channel and outcome (a failed attempt counts as `failed`). */
const attemptCounts = new Map<string, Map<string, number>>();

/** The attempts ended in this process so far, as (channel, outcome, count), for the metrics. */
export const outboxAttemptCounts = () =>
  [...attemptCounts].flatMap(([channel, outcomes]) =>
    [...outcomes].map(([outcome, count]) => ({ channel, outcome, count })),
  );

function counted(channel: string, outcome: string) {
  const outcomes = attemptCounts.get(channel) ?? new Map<string, number>();
  attemptCounts.set(channel, outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1));
}

const ref = (column: string, alias?: string) => sql.ref(alias ? `${alias}.${column}` : column);
const list = (columns: readonly string[], alias?: string) =>
  sql.join(
    columns.map((column) => ref(column, alias)),
    sql`, `,
  );
const stale = sql`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`;

/** The row of `row`'s key, as a condition. */
const keyOf = (table: OutboxTable, row: ClaimedRow) =>
  sql.join(
    table.key.map((column) => sql`${ref(column)} = ${row[column]}`),
    sql` AND `,
  );

/** Ends the stale claims already at their last attempt: their run stopped during it. */
async function giveUpStale(db: Db, channel: OutboxChannel<unknown>) {
  const { table } = channel;
  await sql`
    UPDATE ${sql.table(table.name)} SET done_at = now(), outcome = ${GAVE_UP}
      ${table.lastError ? sql`, ${ref(table.lastError)} = 'interrupted during its last attempt'` : sql``}
    WHERE done_at IS NULL AND attempts >= ${channel.maxAttempts} AND claimed_at <= ${stale}
  `.execute(db);
}

/**
 * Claims up to `room` due rows (see the module's header), counting their attempt, but none of `failed`: a row that
 * failed in this run waits for the next (a channel without a due column would otherwise spend every attempt at once).
 */
async function claim(
  db: Db,
  channel: OutboxChannel<unknown>,
  now: Date,
  room: number,
  failed: ClaimedRow[],
): Promise<ClaimedRow[]> {
  const { table } = channel;
  const due = table.due ? sql`AND ${ref(table.due)} <= GREATEST(${now}, statement_timestamp())` : sql``;
  const notFailed =
    failed.length === 0
      ? sql``
      : sql`AND (${list(table.key)}) NOT IN (${sql.join(
          failed.map((row) => sql`(${sql.join(table.key.map((column) => sql`${row[column]}`))})`),
        )})`;
  const open = sql`done_at IS NULL AND attempts < ${channel.maxAttempts} ${due} ${notFailed}`;
  await giveUpStale(db, channel);
  return db.transaction().execute(async (tx) => {
    let rows: ClaimedRow[];
    if (!table.oneAtATimePer) {
      ({ rows } = await sql<ClaimedRow>`
        UPDATE ${sql.table(table.name)} AS t SET claimed_at = now(), attempts = t.attempts + 1
        WHERE (${list(table.key, "t")}) IN (
          SELECT ${list(table.key)} FROM ${sql.table(table.name)}
          WHERE ${open} AND (claimed_at IS NULL OR claimed_at <= ${stale})
          ORDER BY ${list(table.order)} LIMIT ${room} FOR UPDATE SKIP LOCKED
        )
        RETURNING t.*
      `.execute(tx));
    } else {
      const { column, parent } = table.oneAtATimePer;
      const inFlight = (group: RawBuilder<unknown>) => sql`EXISTS (
        SELECT 1 FROM ${sql.table(table.name)} AS busy
        WHERE ${ref(column, "busy")} = ${group} AND busy.done_at IS NULL AND busy.claimed_at > ${stale}
      )`;
      // The groups are locked for the claim (skipping those another claim holds), and the claim reads anew once they
      // are, so a group has one attempt in flight at a time, in order.
      const { rows: groups } = await sql<{ id: unknown }>`
        SELECT p.id FROM (
          SELECT ${ref(column)} AS grp, min(${ref(table.due ?? "created_at")}) AS due_since
          FROM ${sql.table(table.name)} WHERE ${open} GROUP BY ${ref(column)}
        ) AS due JOIN ${sql.table(parent)} AS p ON p.id = due.grp
        WHERE NOT ${inFlight(sql.ref("p.id"))}
        ORDER BY due.due_since LIMIT ${room}
        FOR NO KEY UPDATE OF p SKIP LOCKED
      `.execute(tx);
      if (groups.length === 0) return [];
      ({ rows } = await sql<ClaimedRow>`
        WITH heads AS (
          SELECT DISTINCT ON (${ref(column)}) ${list(table.key)} FROM ${sql.table(table.name)} AS d
          WHERE ${ref(column)} IN (${sql.join(groups.map((group) => sql`${group.id}`))})
            AND ${open} AND NOT ${inFlight(ref(column, "d"))}
          ORDER BY ${ref(column)}, ${list(table.order)}
        )
        UPDATE ${sql.table(table.name)} AS t SET claimed_at = now(), attempts = t.attempts + 1
        FROM heads WHERE (${list(table.key, "t")}) = (${list(table.key, "heads")})
        RETURNING t.*
      `.execute(tx));
    }
    if (rows.length === 0 || !channel.load) return rows;
    return channel.load(tx, rows);
  });
}

/** Writes how an attempt ended; answers whether it was the row's end. */
async function settle(db: Db, channel: OutboxChannel<unknown>, row: ClaimedRow, end: AttemptEnd, now: Date) {
  const { table } = channel;
  const error = (text: string | null | undefined) =>
    table.lastError ? sql`, ${ref(table.lastError)} = ${text ?? null}` : sql``;
  const finish = (outcome: string, text: string | null | undefined) =>
    sql`UPDATE ${sql.table(table.name)} SET done_at = now(), outcome = ${outcome} ${error(text)} WHERE ${keyOf(table, row)}`.execute(
      db,
    );
  if ("done" in end) {
    await finish(end.done, end.error);
    counted(channel.name, end.done);
    return true;
  }
  counted(channel.name, GAVE_UP);
  if (row.attempts >= channel.maxAttempts) {
    await finish(GAVE_UP, end.failed);
    return true;
  }
  const delay = table.due && channel.backoffSeconds ? channel.backoffSeconds(row.attempts) : 0;
  await sql`
    UPDATE ${sql.table(table.name)} SET claimed_at = NULL ${error(end.failed)}
      ${table.due ? sql`, ${ref(table.due)} = ${new Date(now.getTime() + delay * 1000)}` : sql``}
    WHERE ${keyOf(table, row)}
  `.execute(db);
  return false;
}

/** Every attempt's end this worker saw, by outcome (`failed` for each failed attempt, retried or not). */
export type OutboxTally = Record<string, number>;

export interface OutboxWorker {
  /** Claims what is due into the free room (each attempt's end claims again); resolves once this claim is made. */
  fill(): Promise<void>;
  /** Resolves once nothing is being claimed or attempted. */
  idle(): Promise<void>;
  tally: OutboxTally;
}

/**
 * A worker that keeps up to `channel.parallel` attempts going at once: `fill` claims what is due into the free room,
 * and each attempt's end claims again, until nothing is due. `now` stands for the clock of the due times (tests move
 * it on; the database's own clock counts too).
 */
export function outboxWorker<Row>(
  deps: { db: Db; log: Log },
  channel: OutboxChannel<Row>,
  now?: () => Date,
): OutboxWorker {
  const { db, log } = deps;
  const generic = channel as OutboxChannel<unknown>;
  const tally: OutboxTally = {};
  const attempts = new Set<Promise<void>>();
  let paused = false;
  /** The rows that failed since the last fill: the next fill (a wake, a run) tries them again. */
  let failed: ClaimedRow[] = [];
  const run = async (row: ClaimedRow, at: Date) => {
    let end: AttemptEnd;
    try {
      end = await channel.attempt(row as Row & ClaimedRow, at);
    } catch (error) {
      log.error({ err: error, channel: channel.name }, "outbox: an attempt failed");
      end = { failed: error instanceof Error ? error.message : String(error) };
    }
    const outcome = "done" in end ? end.done : GAVE_UP;
    tally[outcome] = (tally[outcome] ?? 0) + 1;
    const ended = await settle(db, generic, row, end, at);
    if ("failed" in end) failed.push(row);
    if ("failed" in end && end.pause) paused = true;
    await end.after?.(ended);
  };
  const claims = coalesced(
    async () => {
      const room = channel.parallel - attempts.size;
      if (room <= 0 || paused) return;
      const at = now?.() ?? new Date();
      for (const row of await claim(db, generic, at, room, failed)) {
        const attempt: Promise<void> = run(row, at)
          .catch((error: unknown) => log.error({ err: error, channel: channel.name }, "outbox: settling failed"))
          .finally(() => {
            attempts.delete(attempt);
            claims.wake();
          });
        attempts.add(attempt);
      }
    },
    (error) => log.error({ err: error, channel: channel.name }, "outbox: claiming failed"),
  );
  return {
    fill: () => {
      paused = false;
      failed = [];
      return claims.run();
    },
    async idle() {
      await claims.settled();
      while (attempts.size > 0) {
        await Promise.allSettled(attempts);
        await claims.settled();
      }
    },
    tally,
  };
}

/** Attempts everything due by `now` (the database's clock by default) and answers once none is left due or in flight. */
export async function runOutbox<Row>(deps: { db: Db; log: Log }, channel: OutboxChannel<Row>, now?: Date) {
  const worker = outboxWorker(deps, channel, now && (() => now));
  await worker.fill();
  await worker.idle();
  return worker.tally;
}
