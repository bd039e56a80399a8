import { type AuditActor, recordAudit } from "../audit/index.ts";
import { sql } from "kysely";
import { forgetAccount } from "../auth/index.ts";
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

/**
 * Sets the password and ends every session issued before, and every sign-in attempt not yet finished (one made with
 * the old password must not finish after the change: the admin changes it to shut someone out), recorded in the audit
 * trail with `by` in the same transaction (the record holds no hash); returns the admin as now stored.
 */
export async function setAdminPassword(db: Db, id: string, passwordHash: string, by: AuditActor) {
  const row = await db.transaction().execute(async (tx) => {
    const changed = await tx
      .updateTable("app.admin")
      .set({ password_hash: passwordHash, session_version: sql`session_version + 1`, updated_at: sql`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (changed)
      await tx
        .updateTable("app.otp_challenge")
        .set({ used_at: new Date() })
        .where("admin_id", "=", id)
        .where("used_at", "is", null)
        .execute();
    if (changed)
      await recordAudit(tx, {
        by,
        action: "admin.password",
        recordType: "admin",
        recordId: id,
        before: null,
        after: null,
      });
    return changed;
  });
  forgetAccount(USER_TYPE.admin, id);
  return row;
}
