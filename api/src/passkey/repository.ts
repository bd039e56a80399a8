import type { Db } from "../db/database.ts";
import type { PasskeyResponse } from "./schema.ts";

type PasskeyRow = {
  id: string;
  name: string;
  discoverable: boolean | null;
  created_at: Date;
  last_used_at: Date | null;
};

export const toPasskeyResponse = (row: PasskeyRow): PasskeyResponse => ({
  _id: row.id,
  name: row.name,
  discoverable: row.discoverable,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

const passkeyColumns = ["id", "name", "discoverable", "created_at", "last_used_at"] as const;

/** The admin's passkeys, oldest first. */
export const listPasskeys = (db: Db, adminId: string) =>
  db
    .selectFrom("app.admin_passkey")
    .select(passkeyColumns)
    .where("admin_id", "=", adminId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** How many passkeys the admin has, and how many of them are known to be discoverable. */
export async function countPasskeys(db: Db, adminId: string): Promise<{ all: number; discoverable: number }> {
  const row = await db
    .selectFrom("app.admin_passkey")
    .select((eb) => [
      eb.fn.countAll<string>().as("all"),
      eb.fn.countAll<string>().filterWhere("discoverable", "=", true).as("discoverable"),
    ])
    .where("admin_id", "=", adminId)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), discoverable: Number(row.discoverable) };
}

/** What the browser needs to offer the admin's credentials (or to refuse registering one twice). */
export const listCredentialIds = (db: Db, adminId: string) =>
  db
    .selectFrom("app.admin_passkey")
    .select(["credential_id", "transports"])
    .where("admin_id", "=", adminId)
    .orderBy("created_at")
    .execute();

/** A credential of this admin by the id the browser reported; another admin's is not found. */
export const findCredential = (db: Db, adminId: string, credentialId: string) =>
  db
    .selectFrom("app.admin_passkey")
    .selectAll()
    .where("admin_id", "=", adminId)
    .where("credential_id", "=", credentialId)
    .executeTakeFirst();

export const insertPasskey = (
  db: Db,
  values: {
    adminId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
    discoverable: boolean | null;
  },
) =>
  db
    .insertInto("app.admin_passkey")
    .values({
      admin_id: values.adminId,
      credential_id: values.credentialId,
      public_key: values.publicKey,
      counter: values.counter,
      transports: values.transports,
      name: values.name,
      discoverable: values.discoverable,
    })
    .returning(passkeyColumns)
    .executeTakeFirstOrThrow();

export const renamePasskey = (db: Db, adminId: string, id: string, name: string) =>
  db
    .updateTable("app.admin_passkey")
    .set({ name })
    .where("id", "=", id)
    .where("admin_id", "=", adminId)
    .returning(passkeyColumns)
    .executeTakeFirst();

export const deletePasskeyRow = (db: Db, adminId: string, id: string) =>
  db
    .deleteFrom("app.admin_passkey")
    .where("id", "=", id)
    .where("admin_id", "=", adminId)
    .returning(["id", "name", "discoverable"])
    .executeTakeFirst();

/** Removes every passkey of the admin; answers their names, oldest first. */
export async function deleteAllPasskeys(db: Db, adminId: string) {
  const rows = await db
    .deleteFrom("app.admin_passkey")
    .where("admin_id", "=", adminId)
    .returning(["name", "created_at"])
    .execute();
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/**
 * Records a use: the counter moves from the value the check saw to the new one, so of two uses racing
 * with the same counter (a cloned credential) only one wins.
 */
export const advanceCounter = (db: Db, id: string, seen: bigint, next: number) =>
  db
    .updateTable("app.admin_passkey")
    .set({ counter: next, last_used_at: new Date() })
    .where("id", "=", id)
    .where("counter", "=", seen)
    .returning("id")
    .executeTakeFirst();

/** The admin's emailed-code setting, with the admin row locked until the transaction ends. */
export const lockAdminFallback = (db: Db, adminId: string) =>
  db.selectFrom("app.admin").select("email_code_fallback").where("id", "=", adminId).forUpdate().executeTakeFirst();

export const setEmailCodeFallback = (db: Db, adminId: string, enabled: boolean) =>
  db.updateTable("app.admin").set({ email_code_fallback: enabled }).where("id", "=", adminId).execute();
