import { sql, type Kysely } from "kysely";

/**
 * A sign-in attempt answered blind for an email no admin has still hands out passkey options, like
 * every blind attempt: its challenge belongs to no admin. A registration challenge always has one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("app.passkey_challenge")
    .alterColumn("admin_id", (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable("app.passkey_challenge")
    .addCheckConstraint(
      "passkey_challenge_registration_has_admin",
      sql`purpose = 'authentication' OR admin_id IS NOT NULL`,
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("app.passkey_challenge").where("admin_id", "is", null).execute();
  await db.schema
    .alterTable("app.passkey_challenge")
    .dropConstraint("passkey_challenge_registration_has_admin")
    .execute();
  await db.schema
    .alterTable("app.passkey_challenge")
    .alterColumn("admin_id", (col) => col.setNotNull())
    .execute();
}
