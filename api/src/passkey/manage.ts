import { MESSAGES } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { countPasskeys, deletePasskeyRow, lockAdminFallback, setEmailCodeFallback } from "./repository.ts";

/**
 * Deletes one of the admin's passkeys, but never the last one while emailed codes are off (the admin
 * could no longer sign in). The admin row is locked, so two deletes cannot both pass the check.
 */
export async function deletePasskey(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admin = await lockAdminFallback(trx, adminId);
    if (!admin) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    const deleted = await deletePasskeyRow(trx, adminId, id);
    if (!deleted) throw new AppError("notFound", MESSAGES.passkeyNotFound);
    if (!admin.email_code_fallback && (await countPasskeys(trx, adminId)) === 0)
      throw new AppError("conflict", MESSAGES.lastPasskeyWithoutFallback);
  });
}

/** Turns the emailed code on, or off once the admin has a passkey (checked under the admin's row lock). */
export async function switchEmailCodeFallback(db: Db, adminId: string, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockAdminFallback(trx, adminId))) throw new AppError("unauthorized", MESSAGES.sessionEnded);
    if (!enabled && (await countPasskeys(trx, adminId)) === 0)
      throw new AppError("conflict", MESSAGES.fallbackNeedsPasskey);
    await setEmailCodeFallback(trx, adminId, enabled);
  });
}
