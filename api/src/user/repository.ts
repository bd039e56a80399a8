import { sql } from "kysely";
import { TWOFA, USER_TYPE, type UserRole, type UserResponse } from "../contract/index.ts";
import type { Db, OperatorTable } from "../db/database.ts";
import { containsPattern } from "../shared/paging.ts";
import type { Selectable } from "kysely";

export type OperatorRow = Selectable<OperatorTable>;

export function toUserResponse(row: OperatorRow): UserResponse {
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

export const findOperatorById = (db: Db, id: string) => db.selectFrom("app.operator").selectAll().where("id", "=", id).executeTakeFirst();

export const findOperatorByWallet = (db: Db, wallet: string) =>
  db.selectFrom("app.operator").selectAll().where("wallet_address", "=", wallet.toLowerCase()).executeTakeFirst();

/** Creates the operator on first sign-in, or refreshes email and role from the validator check. */
export async function upsertOperator(db: Db, wallet: string, email: string | null, userRole: UserRole): Promise<OperatorRow> {
  return db
    .insertInto("app.operator")
    .values({ wallet_address: wallet.toLowerCase(), email, user_role: userRole })
    .onConflict((oc) => oc.column("wallet_address").doUpdateSet({ email: sql`coalesce(excluded.email, app.operator.email)`, user_role: userRole, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listOperators(db: Db, { page, limit, q }: { page: number; limit: number; q: string }) {
  let query = db.selectFrom("app.operator");
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb("wallet_address", "ilike", pattern), eb("email", "ilike", pattern), eb("user_role", "ilike", pattern)]));
  }
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).offset((page - 1) * limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
