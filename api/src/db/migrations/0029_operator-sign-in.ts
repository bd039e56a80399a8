import type { Kysely } from "kysely";

/** When the operator last signed in successfully, for the admin's operator list; null until their next sign-in. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("app.operator").addColumn("last_sign_in_at", "timestamptz").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("app.operator").dropColumn("last_sign_in_at").execute();
}
