/**
 * Stands in for the indexer's published views: Ponder creates `chain.stake_position` and
 * `chain.stake_event` as views over its tables, with the columns, keys and indexes of
 * indexer/ponder.schema.ts (kept the same here by hand), so the benches replace the migrations' empty
 * stand-ins with the same shape. Run inside the seeding transaction.
 */
export const CHAIN_TABLES = `
  CREATE SCHEMA bench_indexer;
  CREATE TYPE bench_indexer.stake_status AS ENUM ('Stake', 'Unlock', 'Withdraw');
  CREATE TYPE bench_indexer.stake_event_kind AS ENUM ('stake', 'topup', 'unlock', 'unstake');
  CREATE TABLE bench_indexer.stake_position (
    wallet text NOT NULL, node text NOT NULL, status bench_indexer.stake_status NOT NULL, total_staked numeric(78, 0) NOT NULL,
    first_staked_at timestamptz NOT NULL, last_staked_at timestamptz NOT NULL, last_stake_tx text NOT NULL,
    unlock_tx text, unlocked_at timestamptz, withdrawn_amount numeric(78, 0), withdraw_tx text, withdrawn_at timestamptz,
    updated_block int8 NOT NULL, PRIMARY KEY (wallet, node)
  );
  CREATE INDEX ON bench_indexer.stake_position (node);
  CREATE INDEX ON bench_indexer.stake_position (last_staked_at DESC, wallet, node);
  CREATE TABLE bench_indexer.stake_event (
    id text PRIMARY KEY, kind bench_indexer.stake_event_kind NOT NULL, wallet text NOT NULL, node text NOT NULL,
    amount numeric(78, 0) NOT NULL, total_after numeric(78, 0) NOT NULL, tx_hash text NOT NULL, block_number int8 NOT NULL,
    block_time timestamptz NOT NULL, log_index integer NOT NULL
  );
  CREATE INDEX ON bench_indexer.stake_event (wallet, node, block_number, log_index);
  CREATE INDEX ON bench_indexer.stake_event (wallet, block_number, log_index);
  CREATE INDEX ON bench_indexer.stake_event (block_number, log_index);
  CREATE INDEX ON bench_indexer.stake_event (tx_hash);
  DROP VIEW chain.stake_position;
  CREATE VIEW chain.stake_position AS SELECT * FROM bench_indexer.stake_position;
  DROP VIEW chain.stake_event;
  CREATE VIEW chain.stake_event AS SELECT * FROM bench_indexer.stake_event;
`;
