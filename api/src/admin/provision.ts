import { CLI_AUDIT_ACTOR, recordAudit } from "../audit/index.ts";
import { z } from "zod";
import { generatePassword, hashPassword, revokeSessions } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { deleteAllPasskeys, setEmailCodeFallback } from "../passkey/index.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { createAdmin, findAdminByEmail } from "./repository.ts";

const adminEmailSchema = z.email("must be an email address").trim().toLowerCase();

/** Creates an admin with a generated password and returns it (the only time it is shown). */
export async function provisionAdmin(db: Db, { email, name = "Admin" }: { email: string; name?: string }) {
  const normalised = adminEmailSchema.parse(email);
  if (await findAdminByEmail(db, normalised)) throw new Error(`An admin with the email ${normalised} already exists`);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const admin = await db.transaction().execute(async (tx) => {
    const created = await createAdmin(tx, { email: normalised, name, passwordHash });
    await recordAudit(tx, {
      by: CLI_AUDIT_ACTOR,
      action: "admin.create",
      recordType: "admin",
      recordId: created.id,
      before: null,
      after: { email: created.email, name: created.name },
    });
    return created;
  });
  return { admin, password };
}

/**
 * `admin:disable` and `admin:enable`: takes an admin's access away (their open sessions end on every instance, and
 * their password answers as a wrong one) or gives it back, under the admin's row lock, with the audit record. The last
 * admin who can sign in is never disabled: nobody could then enable anyone from the portal's side. Answers the admin and
 * whether anything changed.
 */
export async function setAdminAccess(db: Db, email: string, enabled: boolean) {
  const normalised = adminEmailSchema.parse(email);
  return db.transaction().execute(async (trx) => {
    const admins = await trx.selectFrom("app.admin").select(["id", "email", "disabled_at"]).forUpdate().execute();
    const admin = admins.find((row) => row.email === normalised);
    if (!admin) throw new Error(`No admin has the email ${normalised}`);
    if (enabled === (admin.disabled_at === null)) return { admin, changed: false };
    if (!enabled && !admins.some((row) => row.id !== admin.id && row.disabled_at === null))
      throw new Error(`${normalised} is the last admin who can sign in: create or enable another admin first`);
    await trx
      .updateTable("app.admin")
      .set({ disabled_at: enabled ? null : new Date(), updated_at: new Date() })
      .where("id", "=", admin.id)
      .execute();
    await revokeSessions(trx, USER_TYPE.admin, admin.id);
    await recordAudit(trx, {
      by: CLI_AUDIT_ACTOR,
      action: "admin.access",
      recordType: "admin",
      recordId: admin.id,
      before: { enabled: !enabled },
      after: { enabled },
    });
    return { admin, changed: true };
  });
}

/**
 * Recovery for an admin who lost every passkey while emailed codes were off: removes all their
 * passkeys and turns emailed codes on, in one transaction under the admin's row lock (so no change
 * made on the Setting page at the same moment interleaves), and ends the admin's open sessions (whoever holds a lost
 * passkey may have signed in with it; every API instance hears of it through the session announcement). Answers what
 * was removed and whether the codes were already on.
 */
export async function resetSecondFactor(db: Db, email: string) {
  const normalised = adminEmailSchema.parse(email);
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom("app.admin")
      .select(["id", "email", "email_code_fallback"])
      .where("email", "=", normalised)
      .forUpdate()
      .executeTakeFirst();
    if (!admin) throw new Error(`No admin has the email ${normalised}`);
    const removed = await deleteAllPasskeys(trx, admin.id);
    await setEmailCodeFallback(trx, admin.id, true);
    await revokeSessions(trx, USER_TYPE.admin, admin.id);
    await recordAudit(trx, {
      by: CLI_AUDIT_ACTOR,
      action: "secondFactor.reset",
      recordType: "admin",
      recordId: admin.id,
      before: { passkeys: removed.map((passkey) => passkey.name), emailCodeFallback: admin.email_code_fallback },
      after: { passkeys: [], emailCodeFallback: true },
    });
    return { admin, removedPasskeys: removed.map((passkey) => passkey.name), fallbackWasOn: admin.email_code_fallback };
  });
}
