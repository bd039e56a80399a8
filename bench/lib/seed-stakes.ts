import pg from "pg";
import { withIndexesAfter } from "./indexes-after.ts";
import { WEI_PER_PLI_SQL } from "./chain-tables.ts";
import { seedNodes, type SeedCounts } from "./seed-nodes.ts";

/** Every node staked: 4 in 5 Active (Stake), the rest De-Active (Stake, Unlock or Withdraw). */
const STAKED_MIX = [
  ["Active", 4],
  ["De-Active", 1],
] as const;

/** 50,000 PLI, then top-ups of 1,000 PLI, in wei. */
const FIRST_STAKE = `50000 * ${WEI_PER_PLI_SQL}`;
const TOP_UP = `1000 * ${WEI_PER_PLI_SQL}`;

export interface StakeSeedCounts extends SeedCounts {
  stakeEvents: number;
}

/**
 * Seeds `nodes` staked nodes over `operators` operators (seedNodes) and `eventsPerPosition` stake
 * events per position as the indexer would write them: a stake, top-ups, then for an unlocked
 * position its unlock and for a withdrawn one its unlock and unstake, each event with its own
 * transaction, block (positions' events interleaved across blocks, in order) and time; then each
 * position's totals, transactions and times from its events.
 */
export async function seedStakes(
  databaseUrl: string,
  { operators, nodes, eventsPerPosition }: { operators: number; nodes: number; eventsPerPosition: number },
): Promise<StakeSeedCounts> {
  const seeded = await seedNodes(databaseUrl, { operators, nodes, mix: STAKED_MIX });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await withIndexesAfter(client, ["bench_indexer.stake_event", "bench_indexer.stake_position"], async () => {
      await client.query(
        `INSERT INTO bench_indexer.stake_event (id, kind, wallet, node, amount, total_after, tx_hash, block_number, block_time, log_index)
         SELECT 'e' || e.block, e.kind::bench_indexer.stake_event_kind, e.wallet, e.node,
                CASE WHEN e.kind IN ('unlock', 'unstake') THEN ${FIRST_STAKE} + (e.last_topup - 1) * ${TOP_UP}
                     WHEN e.kind = 'stake' THEN ${FIRST_STAKE} ELSE ${TOP_UP} END,
                CASE WHEN e.kind = 'unstake' THEN 0 ELSE ${FIRST_STAKE} + (least(e.k, e.last_topup) - 1) * ${TOP_UP} END,
                '0x' || md5(e.block::text) || md5(e.node || e.k), e.block, timestamptz '2025-01-01' + e.block * interval '2 seconds', 0
         FROM (
           SELECT p.wallet, p.node, k, 1000000 + (k - 1) * $2::int + p.i AS block,
                  $1::int - CASE p.status WHEN 'Unlock' THEN 1 WHEN 'Withdraw' THEN 2 ELSE 0 END AS last_topup,
                  CASE WHEN k = 1 THEN 'stake'
                       WHEN p.status = 'Unlock' AND k = $1 THEN 'unlock'
                       WHEN p.status = 'Withdraw' AND k = $1 - 1 THEN 'unlock'
                       WHEN p.status = 'Withdraw' AND k = $1 THEN 'unstake'
                       ELSE 'topup' END AS kind
           FROM (SELECT wallet, node, status, row_number() OVER (ORDER BY node) AS i FROM bench_indexer.stake_position) AS p
           CROSS JOIN generate_series(1, $1::int) AS k
         ) AS e`,
        [eventsPerPosition, seeded.stakePositions],
      );
      await client.query(
        `UPDATE bench_indexer.stake_position AS p SET
           total_staked = CASE WHEN p.status = 'Withdraw' THEN 0 ELSE s.staked END,
           withdrawn_amount = CASE WHEN p.status = 'Withdraw' THEN s.staked END,
           first_staked_at = s.first_at, last_staked_at = s.last_at, last_stake_tx = s.last_tx,
           unlock_tx = s.unlock_tx, unlocked_at = s.unlocked_at, withdraw_tx = s.withdraw_tx, withdrawn_at = s.withdrawn_at, updated_block = s.block
         FROM (
           SELECT wallet, node, max(total_after) AS staked, min(block_time) AS first_at,
                  max(block_time) FILTER (WHERE kind IN ('stake', 'topup')) AS last_at,
                  (array_agg(tx_hash ORDER BY block_number DESC) FILTER (WHERE kind IN ('stake', 'topup')))[1] AS last_tx,
                  min(tx_hash) FILTER (WHERE kind = 'unlock') AS unlock_tx, min(block_time) FILTER (WHERE kind = 'unlock') AS unlocked_at,
                  min(tx_hash) FILTER (WHERE kind = 'unstake') AS withdraw_tx, min(block_time) FILTER (WHERE kind = 'unstake') AS withdrawn_at,
                  max(block_number) AS block
           FROM bench_indexer.stake_event GROUP BY wallet, node
         ) AS s
         WHERE s.wallet = p.wallet AND s.node = p.node`,
      );
    });
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM chain.stake_event");
    return { ...seeded, stakeEvents: Number(rows[0]!.n) };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
