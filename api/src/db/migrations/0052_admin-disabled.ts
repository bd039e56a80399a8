import { sql, type Kysely } from "kysely";

/**
 * When an admin was disabled (`admin:disable`), null while they may sign in: a disabled admin's sessions end, their
 * password answers as a wrong one, and `admin:enable` lets them in again. An admin who leaves loses access without
 * a database edit, and keeps their records and audit trail.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.admin ADD COLUMN disabled_at timestamptz`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.admin DROP COLUMN disabled_at`.execute(db);
}
