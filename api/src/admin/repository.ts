import { sql } from "kysely";
import { forgetAccount } from "../auth/account-cache.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";

export const findAdminByEmail = (db: Db, email: string) =>
  db.selectFrom("app.admin").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();

export const findAdminById = (db: Db, id: string) =>
  db.selectFrom("app.admin").selectAll().where("id", "=", id).executeTakeFirst();

export async function createAdmin(
  db: Db,
  { email, name, passwordHash }: { email: string; name: string; passwordHash: string },
) {
  return db
    .insertInto("app.admin")
    .values({ email: email.toLowerCase(), name, password_hash: passwordHash })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the password and ends every session issued before; returns the admin as now stored. */
export async function setAdminPassword(db: Db, id: string, passwordHash: string) {
  const row = await db
    .updateTable("app.admin")
    .set({ password_hash: passwordHash, session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  forgetAccount(USER_TYPE.admin, id);
  return row;
}
