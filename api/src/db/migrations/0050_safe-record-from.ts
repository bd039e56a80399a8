import { sql, type Kysely } from "kysely";

/**
 * The status a Safe proposal's record had when it was proposed: the update applies on execution only if the record
 * still has it, so an admin's later decision (a node sent back, a request rejected) is not overturned. Null for the
 * proposals made before (applied by the status rules alone, as then).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.safe_proposal ADD COLUMN record_from_status text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.safe_proposal DROP COLUMN record_from_status`.execute(db);
}
