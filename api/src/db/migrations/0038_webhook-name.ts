import { sql, type Kysely } from "kysely";

/** A webhook's name, the operator's own label for it (empty until given). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.webhook ADD COLUMN name text NOT NULL DEFAULT ''`.execute(db);
}

export async function down(): Promise<void> {}
