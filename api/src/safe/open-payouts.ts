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
 * Refuses (404) a payout proposal whose incentives are not all there any more, inside the transaction that stores it:
 * one deleted while the payout was built could not see the proposal, so the proposal goes (the transaction rolls back).
 */
export async function requirePayoutNames(db: Db, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await lockPayoutNames(db);
  const found = await db
    .selectFrom("app.incentive")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("id", "in", unique)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== unique.length) throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
}
