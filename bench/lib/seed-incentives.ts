import pg from "pg";
import { withIndexesAfter } from "./indexes-after.ts";
import { BENCH_INDEXER_SCHEMA, CHAIN_TABLES, WEI_PER_PLI_SQL } from "./chain-tables.ts";

/**
 * Ponder's tables behind the `chain.*` views (bench/lib/chain-tables.ts), a reward pool holding
 * 10^27 wei, and a checkpoint at `now` so the accrual sees the chain indexed.
 */
const chainTables = (checkpoint: string) => `
  ${CHAIN_TABLES}
  INSERT INTO ${BENCH_INDEXER_SCHEMA}.reward_pool (contract_address, deposited, paid, balance, block_number, updated_at)
  VALUES ('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', 10::numeric(78, 0) ^ 27, 0, 10::numeric(78, 0) ^ 27, 1, now());
  CREATE VIEW chain._ponder_checkpoint AS SELECT 'bench'::text AS chain_name, 31337::int8 AS chain_id, '${checkpoint}'::text AS safe_checkpoint,
    '${checkpoint}'::text AS latest_checkpoint, '${checkpoint}'::text AS finalized_checkpoint;
`;

/** A lowercase 0x address unique per (kind, i). */
const address = (kind: number, i: string) => `'0x${kind.toString(16).padStart(2, "0")}' || lpad(to_hex(${i}), 38, '0')`;

export interface IncentiveSeed {
  operators: number;
  positions: number;
  incentives: number;
  paid: number;
  stakeEvents: number;
  inactiveDays: number;
  /** The month left to accrue (its first day), YYYY-MM-DD. */
  accrualMonth: string;
}

/**
 * Seeds `positions` stake positions (position i: operator 1 + i mod `operators`, node i) with
 * `months` monthly incentives each, the most recent dated the first of the current month; all but the
 * last three months paid. Every month from the first stake to the last finished one is marked accrued
 * except the earliest, which is left for the accrual figure: it has stakes from the month before,
 * top-ups (a quarter of the positions), unlocks (a twentieth) and two inactive days on a tenth of the nodes.
 * Incentive ids are made from node and month, not random: the export (ordered by date, then id) writes the same
 * bytes on every run of the same month, so its sha256 compares implementations.
 */
export async function seedIncentives(
  databaseUrl: string,
  { operators, positions, months }: { operators: number; positions: number; months: number },
): Promise<IncentiveSeed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const now = new Date();
  const checkpoint = `${Math.floor(now.getTime() / 1000)}${"31337".padStart(16, "0")}${"9999999".padStart(16, "0")}${"0".repeat(33)}`;
  const month = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
  const accrualMonth = month(-months - 1);
  const stakeMonth = month(-months - 2);
  try {
    await client.query("BEGIN");
    await client.query(chainTables(checkpoint));
    await withIndexesAfter(
      client,
      [
        "app.operator",
        "app.node",
        "app.node_search",
        "bench_indexer.stake_event",
        "app.node_inactive_date",
        "app.incentive",
        "app.incentive_accrual_month",
      ],
      async () => {
        await client.query(
          `INSERT INTO app.operator (wallet_address, email, user_role, twofa_enabled)
         SELECT ${address(1, "i")}, 'operator' || i || '@example.com', 'Validator', true FROM generate_series(1, $1::int) AS i`,
          [operators],
        );
        await client.query(
          `INSERT INTO app.node (operator_id, wallet_address, name, provider, ipaddress, os, ram, storage, security, oracle_address, node_address, status)
         SELECT o.id, o.wallet_address, 'validator-' || i, 'AWS', '10.' || (i >> 16) % 256 || '.' || (i >> 8) % 256 || '.' || i % 256,
                'Ubuntu 24.04', 32, 500, '6.8', ${address(2, "i")}, ${address(3, "i")}, 'Active'
         FROM generate_series(1, $1::int) AS i JOIN app.operator AS o ON o.wallet_address = ${address(1, "(1 + i % $2::int)")}`,
          [positions, operators],
        );
        const stake = `(50000 + (n.i % 50) * 1000)::numeric * ${WEI_PER_PLI_SQL}`;
        const positionRows = `(SELECT row_number() OVER (ORDER BY node_address) AS i, wallet_address AS wallet, node_address AS node FROM app.node) AS n`;
        await client.query(
          `INSERT INTO bench_indexer.stake_event (id, kind, wallet, node, amount, total_after, tx_hash, block_number, block_time, log_index)
         SELECT 's' || n.i, 'stake'::bench_indexer.stake_event_kind, n.wallet, n.node, ${stake}, ${stake}, '0x' || md5('s' || n.i) || md5(n.node), 1000 + n.i, $1::date + (n.i % 28) * interval '1 day' + interval '9 hours', 0 FROM ${positionRows}
         UNION ALL
         SELECT 't' || n.i, 'topup'::bench_indexer.stake_event_kind, n.wallet, n.node, 10000 * ${WEI_PER_PLI_SQL}, ${stake} + 10000 * ${WEI_PER_PLI_SQL}, '0x' || md5('t' || n.i) || md5(n.node), 100000 + n.i,
                $2::date + (n.i % 28) * interval '1 day' + interval '10 hours', 0 FROM ${positionRows} WHERE n.i % 4 = 0
         UNION ALL
         SELECT 'u' || n.i, 'unlock'::bench_indexer.stake_event_kind, n.wallet, n.node, ${stake} + CASE WHEN n.i % 4 = 0 THEN 10000 * ${WEI_PER_PLI_SQL} ELSE 0 END,
                ${stake} + CASE WHEN n.i % 4 = 0 THEN 10000 * ${WEI_PER_PLI_SQL} ELSE 0 END, '0x' || md5('u' || n.i) || md5(n.node), 200000 + n.i,
                $2::date + interval '19 days 12 hours', 0 FROM ${positionRows} WHERE n.i % 20 = 0`,
          [stakeMonth, accrualMonth],
        );
        await client.query(
          `INSERT INTO app.node_inactive_date (node_id, day)
         SELECT n.id, $1::date + d FROM app.node AS n, (VALUES (4), (5)) AS days(d) WHERE hashtext(n.node_address) % 10 = 0`,
          [accrualMonth],
        );
        // A month a statement, as the accrual writes them (a month's rows side by side in the table), each statement's
        // rows held in memory for the kept counts' trigger instead of spilled to temporary files.
        await client.query("SET LOCAL work_mem = '1GB'");
        for (let k = 1; k <= months; k++)
          await client.query(
            `INSERT INTO app.incentive (id, wallet, node, date, token, inactive_count, staked_days, accrued_days, percentage, paid_tx, paid_at, paid_amount, paid_block)
           SELECT md5('incentive' || n.node || m.k)::uuid, n.wallet, n.node, m.date, t.token, 0, 30, 30, 2.5,
                  CASE WHEN m.k > 3 THEN '0x' || md5(n.node || m.k) || md5(m.k || n.node) END,
                  CASE WHEN m.k > 3 THEN m.date + interval '3 days' END,
                  CASE WHEN m.k > 3 THEN t.token END,
                  CASE WHEN m.k > 3 THEN 1000000 + m.k END
           FROM ${positionRows}
           CROSS JOIN (SELECT $1::int AS k, (date_trunc('month', now() AT TIME ZONE 'UTC') - ($1::int - 1) * interval '1 month')::date AS date) AS m
           CROSS JOIN LATERAL (SELECT (${stake} * 25 / 1000)::numeric(78, 0) AS token) AS t`,
            [k],
          );
        await client.query(
          `INSERT INTO app.incentive_accrual_month (month, positions, inserted)
         SELECT d::date, $3::int, $3::int FROM generate_series($1::date, date_trunc('month', now() AT TIME ZONE 'UTC')::date - interval '1 month', interval '1 month') AS d WHERE d::date <> $2::date`,
          [stakeMonth, accrualMonth, positions],
        );
      },
    );
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    return {
      operators: await count("SELECT count(*) AS n FROM app.operator"),
      positions: await count("SELECT count(DISTINCT (wallet, node)) AS n FROM chain.stake_event"),
      incentives: await count("SELECT count(*) AS n FROM app.incentive"),
      paid: await count("SELECT count(*) AS n FROM app.incentive WHERE status = 'Paid'"),
      stakeEvents: await count("SELECT count(*) AS n FROM chain.stake_event"),
      inactiveDays: await count("SELECT count(*) AS n FROM app.node_inactive_date"),
      accrualMonth,
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
