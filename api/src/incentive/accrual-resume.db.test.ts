import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestApp } from "../../test/app-fixture.ts";
import { accrueIncentives, POSITIONS_PER_COMMIT } from "./accrual.ts";

/**
 * A monthly accrual stopped half-way (its connection killed, as a restart or a lost database connection does) keeps
 * the rows it had committed, and the next run adds only the missing ones: one row per position. Stake events are
 * written to the indexer's tables behind the `chain.*` views.
 */
const SCHEMA = "resume_indexer";
/** More positions than one commit takes, so a run stopped before the last batch has committed some. */
const POSITIONS = POSITIONS_PER_COMMIT + 500;
/** January 2026 accrues on the 1st of February; the run is on the 15th. */
const DATE = "2026-02-01";
const UNTIL = new Date("2026-02-15T00:00:00Z");
const address = (kind: string, i: string) => sql.raw(`'0x${kind}' || lpad(to_hex(${i}), 38, '0')`);

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql(SCHEMA)).execute(tx));
  const checkpoint = `${Math.floor(UNTIL.getTime() / 1000)}${"0".repeat(65)}`;
  await sql`CREATE TABLE ${sql.table(`${SCHEMA}._ponder_checkpoint`)} (chain_name text, chain_id int8, safe_checkpoint varchar, latest_checkpoint varchar, finalized_checkpoint varchar)`.execute(
    t.indexerDb,
  );
  await sql`INSERT INTO ${sql.table(`${SCHEMA}._ponder_checkpoint`)} VALUES ('anvil', 31337, ${checkpoint}, ${checkpoint}, ${checkpoint})`.execute(
    t.indexerDb,
  );
  await sql`CREATE OR REPLACE VIEW chain._ponder_checkpoint AS SELECT * FROM ${sql.table(`${SCHEMA}._ponder_checkpoint`)}`.execute(
    t.indexerDb,
  );
  await sql`
    INSERT INTO ${sql.table(`${SCHEMA}.stake_event`)} (id, kind, wallet, node, amount, total_after, tx_hash, block_number, block_time, log_index)
    SELECT 's' || i, 'stake', ${address("01", "i")}, ${address("02", "i")}, 50000, 50000, '0x' || md5('s' || i) || md5('t' || i),
           i, timestamptz '2026-01-10 09:00Z', 0
    FROM generate_series(1, ${POSITIONS}::int) AS i
  `.execute(t.indexerDb);
});
afterAll(() => t?.close());

const rowsOfMonth = async () =>
  Number(
    (
      await t.db
        .selectFrom("app.incentive")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("date", "=", DATE)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The backend of the accrual's run once it waits on a lock, polled every 20 ms. */
async function waitingAccrual(): Promise<number> {
  for (;;) {
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO app.incentive %'
    `.execute(t.db);
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("stopped before its last batch keeps its committed rows, and resumed leaves exactly one row per position", async () => {
  // The last position's row is being written by another transaction: the run's last batch waits for it.
  const blocker = new pg.Client({ connectionString: t.config.DATABASE_URL });
  await blocker.connect();
  try {
    await blocker.query("BEGIN");
    await blocker.query(
      `INSERT INTO app.incentive (wallet, node, date, token, inactive_count, staked_days, accrued_days, percentage,
                                  paid_tx, paid_at, paid_amount, paid_block)
       VALUES ('0x01' || lpad(to_hex($1::int), 38, '0'), '0x02' || lpad(to_hex($1::int), 38, '0'), $2, 0, 0, 0, 0, 0,
               '0x' || repeat('a', 64), now(), 0, 1)`,
      [POSITIONS, DATE],
    );
    const run = accrueIncentives({ db: t.appDb }, UNTIL);
    const stopped = expect(run).rejects.toThrow();
    const pid = await waitingAccrual();
    const committed = await rowsOfMonth();
    expect(committed).toBeGreaterThanOrEqual(POSITIONS_PER_COMMIT);
    expect(committed).toBeLessThan(POSITIONS);
    await sql`SELECT pg_terminate_backend(${pid})`.execute(t.db);
    await stopped;
    await blocker.query("ROLLBACK");
  } finally {
    await blocker.end();
  }
  expect(await rowsOfMonth()).toBeLessThan(POSITIONS);
  expect(
    await t.db.selectFrom("app.incentive_accrual_month").select("month").where("month", "=", "2026-01-01").execute(),
  ).toEqual([]);

  const resumed = await accrueIncentives({ db: t.appDb }, UNTIL);
  expect(resumed.accrued).toEqual([{ month: "2026-01", positions: POSITIONS, inserted: POSITIONS }]);
  const { rows } = await sql<{ rows: string; positions: string }>`
    SELECT count(*)::text AS rows, count(DISTINCT (wallet, node))::text AS positions FROM app.incentive WHERE date = ${DATE}
  `.execute(t.db);
  expect(rows[0]).toEqual({ rows: String(POSITIONS), positions: String(POSITIONS) });
  expect((await accrueIncentives({ db: t.appDb }, UNTIL)).accrued).toEqual([]);
});
