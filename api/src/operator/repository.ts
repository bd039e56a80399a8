import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { forgetAccount } from "../auth/index.ts";
import { TWOFA, USER_TYPE, type UserRole } from "../public-contract/domain.ts";
import type { OperatorResponse } from "./schema.ts";
import type { Database, Db } from "../db/database.ts";
import { containsPattern, pageOf, storedSpelling } from "../shared/list.ts";
import type { OperatorTable } from "./table.ts";

export type OperatorRow = Selectable<OperatorTable>;

/** An operator with the number of their nodes, as the admin's list and the operator's own record show it. */
export type OperatorListRow = OperatorRow & { nodes: number | string | bigint | null };

/** The operator's node count, a subquery of the same query (one indexed count per row, no query per row). */
const nodeCount = (eb: ExpressionBuilder<Database, "app.operator">) =>
  eb
    .selectFrom("app.node")
    .select(eb.fn.countAll<string>().as("count"))
    .whereRef("app.node.operator_id", "=", "app.operator.id")
    .as("nodes");

export function toOperatorResponse(row: OperatorListRow): OperatorResponse {
  return {
    _id: row.id,
    walletAddress: row.wallet_address,
    email: row.email ?? "",
    userType: USER_TYPE.user,
    userRole: row.user_role as UserRole,
    twofa: row.twofa_enabled ? TWOFA.yes : TWOFA.no,
    nodes: Number(row.nodes ?? 0),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The operator's own record with their node count, as GET /api/user answers it. */
export const findOperatorWithNodes = (db: Db, id: string) =>
  db.selectFrom("app.operator").selectAll().select(nodeCount).where("id", "=", id).executeTakeFirst();

export const findOperatorById = (db: Db, id: string) =>
  db.selectFrom("app.operator").selectAll().where("id", "=", id).executeTakeFirst();

export const findOperatorByWallet = (db: Db, wallet: string) =>
  db.selectFrom("app.operator").selectAll().where("wallet_address", "=", wallet.toLowerCase()).executeTakeFirst();

/**
 * Creates the operator on first sign-in, or refreshes email and role from the validator check; either way records the
 * time of this sign-in (called only once the sign-in has succeeded).
 */
export async function upsertOperator(
  db: Db,
  wallet: string,
  email: string | null,
  userRole: UserRole,
): Promise<OperatorRow> {
  return db
    .insertInto("app.operator")
    .values({ wallet_address: wallet.toLowerCase(), email, user_role: userRole, last_sign_in_at: sql`now()` })
    .onConflict((oc) =>
      oc.column("wallet_address").doUpdateSet({
        email: sql`coalesce(excluded.email, app.operator.email)`,
        user_role: userRole,
        last_sign_in_at: sql`now()`,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of operators matching `q` (wallet, 0x or xdc; email; role), newest first, each with their node count. */
export const listOperators = (db: Db, params: { page: number; limit: number; q: string }) =>
  pageOf(
    params.q
      ? db
          .selectFrom("app.operator")
          .where((eb) =>
            eb.or([
              eb("wallet_address", "ilike", containsPattern(storedSpelling(params.q))),
              eb("email", "ilike", containsPattern(params.q)),
              eb("user_role", "ilike", containsPattern(params.q)),
            ]),
          )
      : db.selectFrom("app.operator"),
    (query) => query.selectAll().select(nodeCount).orderBy("created_at", "desc").orderBy("id"),
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
