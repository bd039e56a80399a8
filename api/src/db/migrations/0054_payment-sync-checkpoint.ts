import { sql, type Kysely } from "kysely";

/**
 * The payment matcher skipped a run when the indexed block was the one it last matched through; a reorg that takes
 * back a payout's block and indexes another block at the same height leaves that number where it was, and the payment
 * it took back stayed on its incentive row as Paid. The matcher now keeps the indexer's checkpoint string too, which
 * moves with every change of the indexed rows, and skips only when both are unchanged.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.incentive_payment_sync ADD COLUMN checkpoint text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.incentive_payment_sync DROP COLUMN checkpoint`.execute(db);
}
