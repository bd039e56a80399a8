import { sql, type Kysely } from "kysely";

/**
 * The token sum per status in app.incentive_status_count had the type of one amount, numeric(78, 0). An incentive may
 * hold 78 digits, and a sum of such rows does not fit: the insert that took the sum past 78 digits failed with a
 * numeric overflow, so the row was lost. A sum has no digit limit now.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.incentive_status_count ALTER COLUMN token TYPE numeric`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.incentive_status_count ALTER COLUMN token TYPE numeric(78, 0)`.execute(db);
}
