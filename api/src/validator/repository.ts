import { sql, type Selectable } from "kysely";
import { forgetAccount } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { USER_ROLE, USER_TYPE, type UserRole } from "../public-contract/domain.ts";
import { pageOf, rowsOf, whereContains } from "../shared/list.ts";
import type { ValidatorDirectoryTable } from "../validator-check/index.ts";
import type { ValidatorEntry, ValidatorResponse } from "./schema.ts";

type DirectoryRow = Selectable<ValidatorDirectoryTable>;

export const toValidatorResponse = (row: DirectoryRow): ValidatorResponse => ({
  walletAddress: row.wallet_address,
  email: row.email,
  userRole: row.user_role === USER_ROLE.standby ? USER_ROLE.standby : USER_ROLE.validator,
  createdAt: row.created_at.toISOString(),
});

/** A search for a wallet may be typed with the xdc prefix; the directory stores 0x. */
const searchTerm = (q: string) => (/^xdc/i.test(q) ? `0x${q.slice(3)}` : q);

const matching = (db: Db, q: string) =>
  whereContains(db.selectFrom("app.validator_directory"), ["wallet_address", "email"], searchTerm(q));

/** A page of the directory matching `q` (wallet or email), newest first. */
export const listValidators = (db: Db, params: { page: number; limit: number; q: string }) =>
  pageOf(
    matching(db, params.q),
    (query) => query.selectAll().orderBy("created_at", "desc").orderBy("wallet_address"),
    params,
  );

/** Every entry, oldest first, through a cursor (the export). */
export const allValidators = (db: Db) =>
  rowsOf(db.selectFrom("app.validator_directory").selectAll().orderBy("created_at").orderBy("wallet_address"));

export const findValidator = (db: Db, wallet: string) =>
  db
    .selectFrom("app.validator_directory")
    .selectAll()
    .where("wallet_address", "=", wallet)
    .forUpdate()
    .executeTakeFirst();

/** Adds the wallet; undefined when it is already in the directory. */
export const addValidator = (db: Db, entry: ValidatorEntry) =>
  db
    .insertInto("app.validator_directory")
    .values({ wallet_address: entry.walletAddress, email: entry.email ?? null, user_role: entry.userRole })
    .onConflict((oc) => oc.column("wallet_address").doNothing())
    .returningAll()
    .executeTakeFirst();

export const setValidatorRole = (db: Db, wallet: string, userRole: UserRole) =>
  db
    .updateTable("app.validator_directory")
    .set({ user_role: userRole })
    .where("wallet_address", "=", wallet)
    .returningAll()
    .executeTakeFirst();

/**
 * Gives the operators signed in with `wallets` their role in the directory at once, so that a change of role (the
 * role screen, an import) holds for their sessions already open, not from their next sign-in; answers the ids of the
 * operators changed, whose cached accounts the caller forgets (forgetOperator) once the transaction has committed.
 */
export const applyDirectoryRoles = async (db: Db, wallets: string[]): Promise<string[]> =>
  wallets.length === 0
    ? []
    : (
        await db
          .updateTable("app.operator as o")
          .from("app.validator_directory as d")
          .set((eb) => ({ user_role: eb.ref("d.user_role"), updated_at: sql`now()` }))
          .whereRef("d.wallet_address", "=", "o.wallet_address")
          .whereRef("o.user_role", "<>", "d.user_role")
          .where("o.wallet_address", "in", wallets)
          .returning("o.id")
          .execute()
      ).map((row) => row.id);

export const deleteValidator = (db: Db, wallet: string) =>
  db.deleteFrom("app.validator_directory").where("wallet_address", "=", wallet).returningAll().executeTakeFirst();

/**
 * Ends every session of the operator signed in with `wallet` (if any) by moving their session version on;
 * the caller forgets the cached account (forgetOperator) once the transaction has committed.
 */
export const endOperatorSessions = (db: Db, wallet: string) =>
  db
    .updateTable("app.operator")
    .set({ session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where("wallet_address", "=", wallet)
    .returning("id")
    .executeTakeFirst();

export const forgetOperator = (id: string) => forgetAccount(USER_TYPE.user, id);

/**
 * Saves every row (a wallet already in the directory takes the row's email and role); answers how many
 * were new and how many were there before.
 */
export async function importValidators(db: Db, rows: ValidatorEntry[]) {
  const wallets = rows.map((row) => row.walletAddress);
  const existing = await db
    .selectFrom("app.validator_directory")
    .select("wallet_address")
    .where("wallet_address", "in", wallets)
    .forUpdate()
    .execute();
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto("app.validator_directory")
      .values(
        rows.slice(start, start + 1000).map((row) => ({
          wallet_address: row.walletAddress,
          email: row.email ?? null,
          user_role: row.userRole,
        })),
      )
      .onConflict((oc) =>
        oc.column("wallet_address").doUpdateSet((eb) => ({
          email: eb.ref("excluded.email"),
          user_role: eb.ref("excluded.user_role"),
        })),
      )
      .execute();
  }
  return { added: rows.length - existing.length, updated: existing.length };
}
