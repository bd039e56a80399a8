import { sql, type Kysely } from "kysely";

/**
 * Whether the browser reported a passkey as discoverable (stored on the authenticator, WebAuthn's credProps.rk): a
 * sign-in answered blind names no credential, so only such a passkey can finish it. Null where the browser did not
 * say (and for the passkeys registered before).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.admin_passkey ADD COLUMN discoverable boolean`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.admin_passkey DROP COLUMN discoverable`.execute(db);
}
