import { sql } from "kysely";
import type { AuditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/repository.ts";
import { forgetAccount } from "../auth/account-cache.ts";
import { TWOFA, USER_TYPE, type UserRole } from "../public-contract/domain.ts";
import type { OperatorResponse } from "./schema.ts";
import type { Db } from "../db/database.ts";
import { pageOf, whereContains } from "../shared/list.ts";
import type { OperatorTable } from "./table.ts";
import type { Selectable } from "kysely";

export type OperatorRow = Selectable<OperatorTable>;

export function toOperatorResponse(row: OperatorRow): OperatorResponse {
  return {
    _id: row.id,
    walletAddress: row.wallet_address,
    email: row.email ?? "",
    userType: USER_TYPE.user,
    userRole: row.user_role as UserRole,
    twofa: row.twofa_enabled ? TWOFA.yes : TWOFA.no,
    createdAt: row.created_at.toISOString(),
  };
}

export const findOperatorById = (db: Db, id: string) =>
  db.selectFrom("app.operator").selectAll().where("id", "=", id).executeTakeFirst();

export const findOperatorByWallet = (db: Db, wallet: string) =>
  db.selectFrom("app.operator").selectAll().where("wallet_address", "=", wallet.toLowerCase()).executeTakeFirst();

/** Creates the operator on first sign-in, or refreshes email and role from the validator check. */
export async function upsertOperator(
  db: Db,
  wallet: string,
  email: string | null,
  userRole: UserRole,
): Promise<OperatorRow> {
  return db
    .insertInto("app.operator")
    .values({ wallet_address: wallet.toLowerCase(), email, user_role: userRole })
    .onConflict((oc) =>
      oc.column("wallet_address").doUpdateSet({
        email: sql`coalesce(excluded.email, app.operator.email)`,
        user_role: userRole,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of operators matching `q` (wallet, email, role), newest first. */
export const listOperators = (db: Db, params: { page: number; limit: number; q: string }) =>
  pageOf(
    whereContains(db.selectFrom("app.operator"), ["wallet_address", "email", "user_role"], params.q),
    (query) => query.selectAll().orderBy("created_at", "desc").orderBy("id"),
    params,
  );

/**
 * Disables (ending every session) or re-enables an operator, recorded in the audit trail with `by` (the admin) in the
 * same transaction; undefined when there is no such operator. The account cache forgets the operator once committed.
 */
export async function setOperatorAccess(db: Db, id: string, enabled: boolean, by?: AuditActor) {
  const row = await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom("app.operator")
      .select("disabled_at")
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const changed = await tx
      .updateTable("app.operator")
      .set(
        enabled
          ? { disabled_at: null, updated_at: sql`now()` }
          : { disabled_at: sql`now()`, session_version: sql`session_version + 1`, updated_at: sql`now()` },
      )
      .where("id", "=", id)
      .returning(["id", "disabled_at"])
      .executeTakeFirstOrThrow();
    if (by)
      await recordAudit(tx, {
        by,
        action: enabled ? "operator.enable" : "operator.disable",
        recordType: "operator",
        recordId: id,
        before: { disabled: before.disabled_at !== null },
        after: { disabled: changed.disabled_at !== null },
      });
    return changed;
  });
  forgetAccount(USER_TYPE.user, id);
  return row;
}
