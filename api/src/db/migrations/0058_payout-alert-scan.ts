import { sql, type Kysely } from "kysely";

/**
 * Payout alerts get a scan position of their own (`app.alert_scan`, source `incentivePaid`), like stake unlocks: the
 * payment matcher no longer records them as it matches, so that an alert waits for CHAIN_ALERT_CONFIRMATIONS blocks.
 * The scan starts where the matcher stands, whose payments were alerted as they were matched; it tells the payouts of
 * the last three days that come after (its `since` is not read: a payment the indexer had not reached when this ran is
 * still told).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    INSERT INTO app.alert_scan (source, scanned_block)
    SELECT 'incentivePaid', greatest(block_number, 0) FROM app.incentive_payment_sync WHERE id = 1
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM app.alert_scan WHERE source = 'incentivePaid'`.execute(db);
}
