import { sql } from "kysely";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { forgetAccount } from "../auth/index.ts";
import { MESSAGES, USER_TYPE } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import {
  countPasskeys,
  deletePasskeyRow,
  lockAdminFallback,
  renamePasskey,
  setEmailCodeFallback,
} from "./repository.ts";

/**
 * Deletes one of the admin's passkeys, but never, while emailed codes are off, the last one (the admin could no longer
 * sign in) or the last discoverable one (a sign-in answered blind, as under a password-guessing attack, names no
 * credential, so only a discoverable passkey can finish it). The admin row is locked, so two deletes cannot both pass the check. Every
 * session issued before ends, as at a password change: one signed in with a lost or stolen key is cut off
 * with it. Answers the admin as now stored, for the caller's new session.
 */
export async function deletePasskey(db: Db, adminId: string, id: string, by: AuditActor) {
  const admin = await db.transaction().execute(async (trx) => {
    const admin = await lockAdminFallback(trx, adminId);
    if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    const deleted = await deletePasskeyRow(trx, adminId, id);
    if (!deleted) throw new AppError("notFound", MESSAGES.passkeyNotFound);
    if (!admin.email_code_fallback) {
      const left = await countPasskeys(trx, adminId);
      if (left.all === 0) throw new AppError("conflict", MESSAGES.lastPasskeyWithoutFallback);
      if (deleted.discoverable === true && left.discoverable === 0)
        throw new AppError("conflict", MESSAGES.lastDiscoverableWithoutFallback);
    }
    await recordAudit(trx, {
      by,
      action: "passkey.delete",
      recordType: "passkey",
      recordId: id,
      before: { name: deleted.name },
      after: null,
    });
    return trx
      .updateTable("app.admin")
      .set({ session_version: sql`session_version + 1`, updated_at: sql`now()` })
      .where("id", "=", adminId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  forgetAccount(USER_TYPE.admin, adminId);
  return admin;
}

/**
 * Turns the emailed code on, or off once the admin has a discoverable passkey, which a sign-in answered blind can use
 * (checked under the admin's row lock).
 */
export async function switchEmailCodeFallback(
  db: Db,
  adminId: string,
  enabled: boolean,
  by: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admin = await lockAdminFallback(trx, adminId);
    if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    if (!enabled) {
      const passkeys = await countPasskeys(trx, adminId);
      if (passkeys.all === 0) throw new AppError("conflict", MESSAGES.fallbackNeedsPasskey);
      if (passkeys.discoverable === 0) throw new AppError("conflict", MESSAGES.fallbackNeedsDiscoverablePasskey);
    }
    await setEmailCodeFallback(trx, adminId, enabled);
    await recordAudit(trx, {
      by,
      action: "secondFactor.emailCode",
      recordType: "admin",
      recordId: adminId,
      before: { emailCodeFallback: admin.email_code_fallback },
      after: { emailCodeFallback: enabled },
    });
  });
}

/** Renames one of the admin's passkeys, recorded in the audit trail; undefined when it is not theirs. */
export async function renameOwnPasskey(db: Db, adminId: string, id: string, name: string, by: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("app.admin_passkey")
      .select("name")
      .where("id", "=", id)
      .where("admin_id", "=", adminId)
      .forUpdate()
      .executeTakeFirst();
    const row = await renamePasskey(trx, adminId, id, name);
    if (!row || !before) return undefined;
    await recordAudit(trx, {
      by,
      action: "passkey.rename",
      recordType: "passkey",
      recordId: id,
      before: { name: before.name },
      after: { name: row.name },
    });
    return row;
  });
}
