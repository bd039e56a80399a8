import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.operator")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("wallet_address", "text", (col) =>
      col
        .notNull()
        .unique()
        .check(sql`wallet_address ~ '^0x[0-9a-f]{40}$'`),
    )
    .addColumn("email", "text")
    .addColumn("user_role", "text", (col) => col.notNull())
    .addColumn("twofa_enabled", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("totp_secret", "text")
    .addColumn("totp_pending_secret", "text")
    .addColumn("totp_last_step", "bigint")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.admin")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) =>
      col
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.validator_directory")
    .addColumn("wallet_address", "text", (col) => col.primaryKey().check(sql`wallet_address ~ '^0x[0-9a-f]{40}$'`))
    .addColumn("email", "text")
    .addColumn("user_role", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.siwe_nonce")
    .addColumn("nonce", "text", (col) => col.primaryKey())
    .addColumn("wallet_address", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.otp_challenge")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("admin_id", "uuid", (col) => col.notNull().references("app.admin.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("sends", sql`timestamptz[]`, (col) => col.notNull().defaultTo(sql`ARRAY[now()]`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.upload")
    .addColumn("file_name", "text", (col) => col.primaryKey())
    .addColumn("original_name", "text", (col) => col.notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("uploaded_by", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app.rpc_url")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("owner_type", "text", (col) => col.notNull().check(sql`owner_type IN ('user', 'admin')`))
    .addColumn("owner_id", "uuid", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("rpc", "text", (col) => col.notNull())
    .addColumn("wss", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("rpc_url_owner_idx").on("app.rpc_url").columns(["owner_id", "created_at"]).execute();

  await db.schema
    .createTable("app.rate_limit")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "timestamptz", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limit",
    "rpc_url",
    "upload",
    "otp_challenge",
    "siwe_nonce",
    "validator_directory",
    "admin",
    "operator",
  ]) {
    await db.schema.dropTable(`app.${table}`).execute();
  }
}
