import { sql, type Kysely } from "kysely";

/**
 * The admin's session version when a sign-in attempt's password was checked: the attempt finishes into a session only
 * while the admin still has it, so a password change (or any other end of the admin's sessions) committed while the
 * password was being checked, or while the second step was finishing, leaves that sign-in unfinished. Null for the
 * attempts of strangers and those made before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.otp_challenge ADD COLUMN session_version integer`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.otp_challenge DROP COLUMN session_version`.execute(db);
}
