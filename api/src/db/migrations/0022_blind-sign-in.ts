import { sql, type Kysely } from "kysely";

/**
 * Sign-in attempts answered blind. Past an account's ceiling of failed passwords from all clients,
 * the password step answers a right and a wrong password alike, with an attempt to confirm by the
 * second factor: an attempt made with a wrong password mails no code and can never be finished, and
 * one for an email no admin has belongs to no admin.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("app.otp_challenge")
    .addColumn("password_matched", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("blind", "boolean", (col) => col.notNull().defaultTo(false))
    .alterColumn("admin_id", (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable("app.otp_challenge")
    .addCheckConstraint("otp_challenge_matched_has_admin", sql`admin_id IS NOT NULL OR NOT password_matched`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom("app.otp_challenge")
    .where((eb) => eb.or([eb("admin_id", "is", null), eb("password_matched", "=", false)]))
    .execute();
  await db.schema.alterTable("app.otp_challenge").dropConstraint("otp_challenge_matched_has_admin").execute();
  await db.schema
    .alterTable("app.otp_challenge")
    .dropColumn("blind")
    .dropColumn("password_matched")
    .alterColumn("admin_id", (col) => col.setNotNull())
    .execute();
}
