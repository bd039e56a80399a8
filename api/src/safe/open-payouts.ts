import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { INCENTIVE_MESSAGES } from "../incentive/schema.ts";
import { AppError } from "../shared/errors.ts";

/**
 * Serialises what names incentives in a Safe payout with what deletes them, for the rest of `db`'s transaction: a
 * deletion either sees the payout proposal or the proposal sees its incentive gone.
 */
export async function lockPayoutNames(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('pli.safe-payout-names'))`.execute(db);
}

/**
 * The nonce of a payout proposal to `safe` on `chainId` that names incentive `id` and can still execute (nothing has
 * executed at its nonce, which the Safe has not passed), or null. Its Safe transaction pays the incentive's wallet,
 * node and date whatever the portal's record says, so the record stays until another transaction takes that nonce.
 */
export async function openPayoutNaming(db: Db, safe: string, chainId: number, id: string): Promise<string | null> {
  const row = await db
    .selectFrom("app.safe_proposal as p")
    .select("p.nonce")
    .where("p.chain_id", "=", chainId)
    .where("p.safe", "=", safe.toLowerCase())
    .where("p.kind", "=", "payout")
    .where(sql<boolean>`p.description->'action'->'ids' @> ${JSON.stringify([id])}::jsonb`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chain.safe_execution as e")
            .select(sql`1`.as("one"))
            .whereRef("e.safe", "=", "p.safe")
            .whereRef("e.nonce", "=", "p.nonce"),
        ),
      ),
    )
    .where(
      "p.nonce",
      ">=",
      sql<string>`coalesce((SELECT s.nonce FROM chain.safe_state AS s WHERE s.safe = ${safe.toLowerCase()}), 0)`,
    )
    .orderBy("p.nonce")
    .limit(1)
    .executeTakeFirst();
  return row?.nonce ?? null;
}

/**
 * Keeps payout proposal `proposalId`, just stored, only when every incentive it names still exists: one deleted while
 * the payout was built takes the proposal with it (404), as the deletion could not see it.
 */
export async function keepPayoutIfNamed(db: Db, proposalId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const kept = await db.transaction().execute(async (tx) => {
    await lockPayoutNames(tx);
    const found = await tx
      .selectFrom("app.incentive")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("id", "in", unique)
      .executeTakeFirstOrThrow();
    if (Number(found.n) === unique.length) return true;
    await tx.deleteFrom("app.safe_proposal").where("id", "=", proposalId).execute();
    return false;
  });
  if (!kept) throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
}
