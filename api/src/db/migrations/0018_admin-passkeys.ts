import { sql, type Kysely } from "kysely";

/**
 * Admin passkeys (WebAuthn credentials) and their one-time challenges. A registration challenge
 * belongs to a signed-in admin; a sign-in challenge also belongs to the sign-in attempt that passed
 * the password (an `otp_challenge` row), so it cannot finish any other attempt. An attempt of an
 * admin with a passkey mails its code only when asked, so its code may not exist yet. Each admin
 * chooses whether the emailed code stays as a fallback.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("app.admin")
    .addColumn("email_code_fallback", "boolean", (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable("app.otp_challenge")
    .alterColumn("code_hash", (col) => col.dropNotNull())
    .execute();

  await db.schema
    .createTable("app.admin_passkey")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("admin_id", "uuid", (col) => col.notNull().references("app.admin.id").onDelete("cascade"))
    .addColumn("credential_id", "text", (col) => col.notNull().unique())
    .addColumn("public_key", "bytea", (col) => col.notNull())
    .addColumn("counter", "bigint", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`counter >= 0`),
    )
    .addColumn("transports", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("admin_passkey_admin_idx")
    .on("app.admin_passkey")
    .columns(["admin_id", "created_at"])
    .execute();

  await db.schema
    .createTable("app.passkey_challenge")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("admin_id", "uuid", (col) => col.notNull().references("app.admin.id").onDelete("cascade"))
    .addColumn("attempt_id", "uuid", (col) => col.references("app.otp_challenge.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose IN ('registration', 'authentication')`))
    .addColumn("challenge", "text", (col) => col.notNull().unique())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "passkey_challenge_attempt_for_sign_in",
      sql`(purpose = 'authentication') = (attempt_id IS NOT NULL)`,
    )
    .execute();
  await db.schema.createIndex("passkey_challenge_admin_idx").on("app.passkey_challenge").column("admin_id").execute();
  await db.schema
    .createIndex("passkey_challenge_attempt_idx")
    .on("app.passkey_challenge")
    .column("attempt_id")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.passkey_challenge").execute();
  await db.schema.dropTable("app.admin_passkey").execute();
  await sql`DELETE FROM app.otp_challenge WHERE code_hash IS NULL`.execute(db);
  await db.schema
    .alterTable("app.otp_challenge")
    .alterColumn("code_hash", (col) => col.setNotNull())
    .execute();
  await db.schema.alterTable("app.admin").dropColumn("email_code_fallback").execute();
}
