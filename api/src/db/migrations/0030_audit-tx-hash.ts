import { sql, type Kysely } from "kysely";
import { createChainStandIn } from "../chain-stand-in.ts";

/**
 * The audit records of a transaction, found by its hash: a hint sent twice (a reward deposit, a stake limit change)
 * is recorded once, and the audit log is searched by hash. The reward deposit hint reads `chain.reward_deposit`: its
 * stand-in answers "unknown hash" until the indexer publishes the view.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createChainStandIn(db, "reward_deposit", {
    id: "text",
    depositor: "text",
    amount: "numeric(78, 0)",
    pool_after: "numeric(78, 0)",
    tx_hash: "text",
    block_number: "int8",
    block_time: "timestamptz",
  });
  await sql`CREATE INDEX audit_record_tx_hash_idx ON app.audit_record (tx_hash, action) WHERE tx_hash IS NOT NULL`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.audit_record_tx_hash_idx`.execute(db);
}
