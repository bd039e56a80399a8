import { sql, type Kysely } from "kysely";

/**
 * A change announcement names its table: one 'change' row per (transaction, table) written, the table's name in
 * `topic`, instead of one per transaction. An answer cache may then keep a fact read from a few tables (a node
 * search's counts, from app.node_search) across writes to other tables (api/src/live/answer-cache.ts).
 *
 * The node search's page reads its newest matches from app.node_search by (created_at desc, node_id), all nodes or one
 * status's: for a broad term the first matches of that order are found after a few rows, instead of sorting every
 * match.
 *
 * The node reconciler (api/src/node/reconcile.ts), on each indexed range, looks for an Approved node whose stake
 * position is Stake: node_approved_position holds the Approved nodes' (wallet, node) alone, so it reads those nodes
 * from the index instead of every node from the table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.announcement_change_once`.execute(db);
  await sql`CREATE UNIQUE INDEX announcement_change_once ON app.announcement (tx, topic) WHERE kind = 'change'`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO app.announcement (kind, topic) VALUES ('change', TG_TABLE_NAME)
      ON CONFLICT (tx, topic) WHERE kind = 'change' DO NOTHING;
      PERFORM pg_notify('app_changed', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`CREATE INDEX node_search_newest ON app.node_search (created_at DESC, node_id)`.execute(db);
  await sql`CREATE INDEX node_search_status_newest ON app.node_search (status, created_at DESC, node_id)`.execute(db);
  await sql`
    CREATE INDEX node_approved_position ON app.node (wallet_address, node_address) WHERE status = 'Approved'
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.node_approved_position, app.node_search_newest, app.node_search_status_newest`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION app.announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO app.announcement (kind) VALUES ('change') ON CONFLICT (tx) WHERE kind = 'change' DO NOTHING;
      PERFORM pg_notify('app_changed', '');
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`DELETE FROM app.announcement WHERE kind = 'change'`.execute(db);
  await sql`DROP INDEX app.announcement_change_once`.execute(db);
  await sql`CREATE UNIQUE INDEX announcement_change_once ON app.announcement (tx) WHERE kind = 'change'`.execute(db);
}
