import type { Kysely } from "kysely";

/**
 * Each account carries a session version that every session token names: bumping it ends every
 * session issued before. Operators can be disabled by an admin.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("app.operator")
    .addColumn("session_version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("disabled_at", "timestamptz")
    .execute();
  await db.schema
    .alterTable("app.admin")
    .addColumn("session_version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("app.admin").dropColumn("session_version").execute();
  await db.schema.alterTable("app.operator").dropColumn("disabled_at").dropColumn("session_version").execute();
}
